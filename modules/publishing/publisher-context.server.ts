import type { Selectable } from 'kysely'
import type { DB, Db } from '#modules/core/db.server.ts'
import type { SecretBox } from '#modules/core/crypto.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import type { FileStore } from '#modules/core/files.server.ts'
import type { Mailer } from '#modules/accounts/index.ts'
import type { PlatformDescriptor } from './descriptor.ts'
import type { Outbox } from './outbox.server.ts'
import type { PlatformAdapters } from './registry.ts'
import type { DeliveryBatches } from './delivery-batches.server.ts'

export type PublisherDeps = {
	db: Db
	adapters: PlatformAdapters
	/** The registered platforms' rules: each delivery is checked against them before anything is sent. */
	descriptors: ReadonlyArray<PlatformDescriptor>
	/** The stored files (the preflight reads a post's image from here); null: only what the URL tells. */
	files?: FileStore | null
	box: SecretBox
	logger: Logger
	mailer: Mailer
	appUrl: string
	/** Publishing's outbox: each publication is recorded there and drained to its consumers. */
	outbox: Outbox
	/** Test hook: called at named points of a publish (fault injection for crash tests). */
	faultPoint?: (point: FaultPoint) => void
}

/** The named points of a publish a test may fail at: around the post's creating request, and around its first comment. */
export type FaultPoint = 'before_send' | 'after_send' | 'before_comment' | 'after_comment'

export type Delivery = Selectable<DB['post_deliveries']>

/** What the publisher's use cases share: its deps, the batched statements and the attempts in flight. */
export type PublisherContext = PublisherDeps & {
	/** Every registered platform has an adapter: a post's images count for these. */
	registered: ReadonlyArray<string>
	/** The attempts this process is sending right now: a second job for one of them must not reconcile it. */
	inFlight: Set<string>
	batches: DeliveryBatches
}
