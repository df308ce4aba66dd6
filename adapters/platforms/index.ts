// The registry of social platforms. Adding a platform: one folder with a PlatformModule and one line here.
import type { PlatformModule } from './settings.ts'

export const platformModules: Array<PlatformModule> = []

export type { AdapterSettings, Endpoints, PlatformModule } from './settings.ts'
