import type { Db } from '#modules/core/db.server.ts'
import type { SecretBox } from '#modules/core/crypto.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import type { BrandNames, Platform } from './ports.ts'
import type { PlatformAdapters } from './registry.ts'

/** What the connection use cases (start/finish a connect, sign in, disconnect, list, ...) need. */
export type ConnectionDeps = {
	db: Db
	adapters: PlatformAdapters
	box: SecretBox
	logger: Logger
	/** The absolute URL of the OAuth callback route for a platform. */
	callbackUrl: (platform: Platform) => string
	brands: BrandNames
}
