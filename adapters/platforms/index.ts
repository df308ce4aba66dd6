// The registry of social platforms. Adding a platform: one folder with a PlatformModule and one line here.
import type { PlatformModule } from './settings.ts'
import { bluesky } from './bluesky/index.ts'
import { facebook } from './facebook/index.ts'
import { instagram } from './instagram/index.ts'
import { linkedin } from './linkedin/index.ts'
import { mastodon } from './mastodon/index.ts'
import { threads } from './threads/index.ts'

export const platformModules: Array<PlatformModule> = [linkedin, facebook, instagram, threads, bluesky, mastodon]

export type { AdapterSettings, Endpoints, PlatformModule } from './settings.ts'
