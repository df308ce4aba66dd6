import { handleJob } from '#modules/core/jobs.server.ts'
import { createCommentReplies } from './comments.server.ts'
import { createConnections } from './connections.server.ts'
import { precheckDeliveryJob, publishDeliveryJob, refreshTokensJob, sweepJob, syncMetricsJob } from './jobs.ts'
import type { PublicationConsumer } from '#modules/core/publications.server.ts'
import { createMaintenance } from './maintenance.server.ts'
import { createOutbox } from './outbox.server.ts'
import { health } from './health.server.ts'
import { exportPublishingData } from './export.server.ts'
import { listChannels } from './pages.server.ts'
import { PlatformError, type BrandNames, type PlatformAdapter } from './ports.ts'
import { createPlatformCatalog } from './registry.ts'
import { createPublisher, type PublisherDeps } from './publisher.server.ts'
import { deliveryStatus, publishedLinks, publishNow } from './publish-now.server.ts'
import { deliveryStates } from './delivery-states.server.ts'
import { openDeliveryChannels } from './delivery-pages.server.ts'
import { channelOptions, postChannels } from './post-channels.server.ts'
import { draftChannels, type DraftTargets } from './draft-channels.server.ts'
import { preflightTargets, type PreflightTarget } from './preflight.server.ts'
import { planningRowProblems, type PlannedTarget } from './planning-accounts.server.ts'

export type { CommentReplies, CommentsResult, PublishedDelivery, ReplyInput, ReplyOutcome, ReplyResult } from './comments.server.ts'
export type { ChannelView } from './pages.server.ts'
export type { ConnectionView } from './connections.server.ts'
export type { DeliveryStatusView, PublishNowResult } from './publish-now.server.ts'
export type { DeliveryAction, DeliveryState } from './delivery-states.server.ts'
export type { PostChannel } from './post-channels.server.ts'
export type { DraftTargets } from './draft-channels.server.ts'
export type { PreflightFinding, PreflightTarget } from './preflight.server.ts'
export type { Health } from './health.server.ts'
export { publishingDashboardPart, type PublishingDashboard } from './dashboard.server.ts'
export { LIVE_POST_STATUSES, livePostStatus, type LivePostStatus } from './post-status.ts'
export type { AccountLimits, BrandNames, Platform, PlatformAdapter, PlatformComment, PostedComment, ServerClient } from './ports.ts'
export type { FaultPoint } from './publisher-context.server.ts'
export type { ConnectKind, EnvSetting, ImageAspect, PlatformDescriptor, PostFormat, RefreshKind, TextGroup } from './descriptor.ts'
export { countFor, DEFAULT_REQUIRED_SETTINGS, DEVELOPMENT_SETTINGS, descriptorOf, ENV_DEFAULT_NAMES, imageAspectsOf, isOverLimit, PLATFORM_ID_PATTERN, textGroupsOf } from './descriptor.ts'
export { countText, type CountingKind } from './counting.ts'
export { hasPreflightError, needsConfirmation, preflight, preflightWording, type PreflightCode, type PreflightImage, type PreflightMedia, type PreflightMediaItem, type PreflightProblem } from './preflight.ts'
export { mediaPreflight } from './media-preflight.ts'
export { altTextLimit } from './media-limits.ts'
export { createPlatformCatalog, type PlatformAdapters, type PlatformCatalog } from './registry.ts'
export { createDeliveryPlanner, deliveryPlanner, type PlanningRules } from './deliveries.server.ts'
export { accountProblems, type AccountProblem } from './account-check.server.ts'
export { moveChannelsOfBrand, moveChannelToBrand } from './channel-brand.server.ts'

/** The reason code when a platform refuses a request for good before anything was sent (e.g. 'not_configured': no keys in production); null for anything else. */
export function permanentRefusal(error: unknown): string | null {
	// By shape, not instanceof: the route code is bundled by the app build, the adapters that throw are
	// loaded by the server from source, so the class exists twice in one process.
	const candidate = error as Partial<PlatformError> | null
	if (error instanceof PlatformError || (candidate?.name === 'PlatformError' && typeof candidate.code === 'string')) return candidate!.kind === 'invalid_request' ? candidate!.code! : null
	return null
}
export { deliveryProblems, health } from './health.server.ts'
export { nextDeliveryDueInMs } from './next-delivery-due.server.ts'
export { MEDIA_WAIT_LIMIT_MS, resumeDeliveriesWaitingFor } from './media-wait.server.ts'
export { publishDeliveryJob, precheckDeliveryJob, publishingCrontab } from './jobs.ts'

/**
 * `descriptors`: the registered platforms (adapters/platforms/index.ts), in the order the app shows them; `brands`: brands' reads (a port);
 * `publicationConsumers`: the modules that consume the publications of the outbox (content, activity, webhooks; ADR 0049).
 */
export type PublishingDeps = Omit<PublisherDeps, 'outbox'> & { brands: BrandNames; publicationConsumers: ReadonlyArray<PublicationConsumer> }

export function createPublishingService(deps: PublishingDeps) {
	const { db, adapters } = deps
	const platforms = createPlatformCatalog(deps.descriptors)
	const connections = createConnections({ ...deps, callbackUrl: (platform) => `${deps.appUrl}/accounts/callback/${platform}` })
	const outbox = createOutbox({ db, consumers: deps.publicationConsumers, logger: deps.logger })
	const publisher = createPublisher({ ...deps, outbox })
	const maintenance = createMaintenance({ ...deps, platforms, publisher, outbox })
	const comments = createCommentReplies({ ...deps, publisher })
	return {
		/** What each registered platform is (pure data; the root loader hands it to the browser). */
		platforms,
		/** The places a post can go: the user's channels (of one brand, when given), with their account and what blocks them. */
		listChannels: (userId: string, options?: { brandId?: string }) => listChannels(db, deps.descriptors, userId, options),
		/** The publishing part of 'Daten exportieren': accounts, channels, deliveries, comment replies (never tokens). */
		exportData: (userId: string) => exportPublishingData(db, userId),
		...connections,
		/** Which platforms run in test mode (no client id and secret: the built-in sandbox network). */
		sandboxPlatforms: () => (Object.values(adapters) as Array<PlatformAdapter>).filter((a) => a.sandbox).map((a) => a.platform),
		/** 'Jetzt posten' for a stored post: how many deliveries are on their way, null (not the user's), or `{ refused }` with the German reasons. */
		publishNow: (userId: string, postId: string) => publishNow(db, userId, postId, { descriptors: deps.descriptors, files: deps.files ?? null }),
		/**
		 * The networks' rules for a post about to be planned or published now (one target per platform,
		 * as it would be sent): every problem with its German message. 'error' refuses; 'confirm' (an
		 * empty text) needs the user's yes.
		 */
		preflight: (targets: ReadonlyArray<PreflightTarget>) => preflightTargets(deps.descriptors, deps.files ?? null, targets),
		/** The planning preflight for posts of one user about to get their times, not stored yet (a CSV file's check): German reasons per post. */
		planningRowProblems: (userId: string, targets: ReadonlyArray<PlannedTarget>) => planningRowProblems(db, { descriptors: deps.descriptors, files: deps.files ?? null }, userId, targets),
		/** Database, worker heartbeat, queue depth and overdue deliveries (GET /health; the admin area shows it). */
		health: () => health(db),
		deliveryStatus: (userId: string, postId: string) => deliveryStatus(db, userId, postId),
		/** Per network of each of `postIds`: planned, sent, published (link), failed or unconfirmed with the German reason and the action that helps. */
		deliveryStates: (userId: string, postIds: Array<string>) => deliveryStates(db, userId, postIds),
		/** The channels each of `postIds` goes to (the user's own only), in one query: cards, calendar chips and hover cards name them. */
		postChannels: (userId: string, postIds: ReadonlyArray<string>) => postChannels(db, userId, postIds),
		/** The channels each of `drafts` would go to (its chosen ones, else its brand's default per network), in one query: draft cards name them. */
		draftChannels: (userId: string, drafts: ReadonlyArray<DraftTargets>) => draftChannels(db, userId, drafts),
		/** The user's channels (of one brand; null: all) as a filter lists them, by network and name. */
		channelOptions: (userId: string, brandId: string | null) => channelOptions(db, userId, brandId),
		/** The channels of the not yet published deliveries of `postIds`, by post id (where the editor's channel picker starts). */
		deliveryChannels: (userId: string, postIds: ReadonlyArray<string>) => openDeliveryChannels(db, userId, postIds),
		/** Network URLs of the user's published posts (of `postIds` only, when given), per post id. */
		publishedLinks: (userId: string, postIds?: Array<string>) => publishedLinks(db, userId, postIds),
		/** 'Follower-Zahlen aktualisieren' for one user (also part of the daily sync). */
		refreshFollowers: (userId: string) => maintenance.syncMetrics(userId),
		/** Comments on published posts and exactly-once replies (the toolbox's auto-reply). */
		comments,
		publisher,
		maintenance,
		tasks: [
			handleJob(publishDeliveryJob, (payload, helpers) => publisher.publishDelivery(payload.deliveryId, helpers.signal, helpers.worker)),
			handleJob(precheckDeliveryJob, (payload) => publisher.precheckDelivery(payload.deliveryId)),
			handleJob(sweepJob, async () => void (await maintenance.sweep())),
			handleJob(refreshTokensJob, async () => void (await maintenance.refreshTokens())),
			handleJob(syncMetricsJob, async () => void (await maintenance.syncMetrics())),
		],
	}
}

export type PublishingService = Omit<ReturnType<typeof createPublishingService>, 'publisher' | 'tasks'>
