import { platformModules } from '#adapters/platforms/index.ts'
import { createPlatformCatalog } from '#modules/publishing/index.ts'

/** The registered platforms, as the composition root hands them to the modules (for tests that build a service themselves). */
export const testPlatforms = createPlatformCatalog(platformModules.map((module) => module.descriptor))
