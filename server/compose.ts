import { createGoogleSignIn } from '#adapters/auth/google/index.ts'
import { createMailer } from '#adapters/mail/index.ts'
import { aiProviderModules } from '#adapters/ai/index.ts'
import { createPaymentProvider } from '#adapters/payments/index.ts'
import { createFileStore } from '#adapters/storage/index.ts'
import { createFeedReader, createSafeHttp, createSafeStream, createWebReader, isInternalName, isPublicAddress } from '#adapters/web/index.ts'
import { createAiProviders } from '#modules/ai/index.ts'
import { coreCrontab, coreTasks } from '#modules/core/core-jobs.server.ts'
import { createGenerationService, generationCrontab, mediaOrigins } from '#modules/generation/index.ts'
import { createMediaUploads, IMAGE_MAX_BYTES, publishableVideoTarget, videoTools, type MediaUrlFetch, type UploadLimits } from '#modules/media/index.ts'
import { createAccountsService, createSendAccountMailTask } from '#modules/accounts/index.ts'
import { activityPublications, createActivityService } from '#modules/activity/index.ts'
import { createAdminService } from '#modules/admin/index.ts'
import { brandSlideTheme, createAgentsService } from '#modules/agents/index.ts'
import { createBillingService } from '#modules/billing/index.ts'
import { brandDirectory, createBrandsService } from '#modules/brands/index.ts'
import { createCatalogService } from '#modules/catalog/index.ts'
import type { DocumentRule } from '#modules/content/index.ts'
import { contentPublications, createContentService, createReviewPost, createContentWriter, createPostDocuments } from '#modules/content/index.ts'
import { createDashboardService } from '#modules/dashboard/index.ts'
import { createNewsService, moveIdeasOfBrand } from '#modules/news/index.ts'
import { altTextLimit, createDeliveryPlanner, createPublishingService, publishingCrontab, resumeDeliveriesWaitingFor, type FaultPoint, type PlatformDescriptor } from '#modules/publishing/index.ts'
import { createSearchService } from '#modules/search/index.ts'
import { createToolboxService } from '#modules/toolbox/index.ts'
import { createWebhooksService, webhookPublications } from '#modules/webhooks/index.ts'
import { systemClock } from '#modules/core/clock.server.ts'
import { createSecretBox } from '#modules/core/crypto.server.ts'
import type { Db } from '#modules/core/db.server.ts'
import type { Env } from '#modules/core/env.server.ts'
import { createLiveEvents, detachedLiveEvents } from '#modules/core/live-events.server.ts'
import type { AnyTask } from '#modules/core/jobs.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import type { Services } from '#modules/services.ts'
import type { SandboxNetwork } from '#adapters/platforms/sandbox/network.ts'
import dns from 'node:dns'
import path from 'node:path'
import { createPlatforms } from './platforms.ts'

/** `sandbox`: the built-in sandbox network while a platform runs in test mode (never in production), else null. */
export type Composition = { services: Services; tasks: Array<AnyTask>; crontab: string; sandbox: SandboxNetwork | null }

/** A user's video or PDF may be as large as the largest one any registered network takes (its descriptor's figure). */
export function uploadLimits(descriptors: ReadonlyArray<PlatformDescriptor>): UploadLimits {
	const largest = (figures: Array<number | undefined>) => Math.max(0, ...figures.filter((figure) => figure !== undefined))
	return {
		videoMaxBytes: largest(descriptors.map((descriptor) => descriptor.media.video?.maxBytes)),
		documentMaxBytes: largest(descriptors.map((descriptor) => descriptor.media.document?.maxBytes)),
	}
}

/** A media URL's answer through the SSRF-safe fetcher, at most the largest file any upload may be (the kind's own limit comes after the sniff). */
function mediaUrlFetch(allowHosts: ReadonlyArray<string>, onlyAllowHosts: boolean, limits: UploadLimits): MediaUrlFetch {
	const stream = createSafeStream({ allowHosts, onlyAllowHosts, maxBytes: Math.max(IMAGE_MAX_BYTES, limits.videoMaxBytes, limits.documentMaxBytes), timeoutMs: MEDIA_URL_TIMEOUT_MS })
	// Test mode only: the local fakes serve plain HTTP, so an https URL to one of them is read over http.
	const testUrl = (url: string) => (onlyAllowHosts && allowHosts.some((host) => url.startsWith(`https://${host}/`)) ? `http://${url.slice('https://'.length)}` : url)
	return (url, signal) => stream(testUrl(url), { signal })
}

/** A large video by URL takes a while; the whole download must end within this. */
const MEDIA_URL_TIMEOUT_MS = 10 * 60 * 1000

/** The networks whose descriptor takes PDF documents, with their limits (a post's document goes to these). */
export function documentRules(descriptors: ReadonlyArray<PlatformDescriptor>): Array<DocumentRule> {
	return descriptors.flatMap(({ id, name, media: { document } }) =>
		document?.types.includes('application/pdf') ? [{ network: id, name, maxBytes: document.maxBytes, maxPages: document.maxPages }] : [],
	)
}

/**
 * The composition root: picks each port's adapter from the configuration (the real one when keys
 * are set, the offline default otherwise) and builds the module services and job handlers.
 * The web server, the worker, the CLI scripts and the tests all build their services here.
 */
export function composeServices({
	env,
	db,
	logger,
	databaseUrl,
	faultPoint,
}: {
	env: Env
	db: Db
	logger: Logger
	/** The web server's database, for the LISTEN connection of live events; others only send changes. */
	databaseUrl?: string
	/** Crash tests only: called at named points of a publish. */
	faultPoint?: (point: FaultPoint) => void
}): Composition {
	// Production sends every mail over SMTP: the dev mailbox would show every user's reset and
	// confirmation links to any visitor (readEnv refuses to start without SMTP_URL already).
	if (env.isProduction && !env.SMTP_URL) throw new Error('SMTP_URL is required when APP_ENV=production (the development mailbox is not available there)')
	const { mailer, devMailbox } = createMailer({
		smtpUrl: env.SMTP_URL,
		from: env.MAIL_FROM,
		db,
		log: (line) => logger.info('dev_mail', { line }),
	})
	const googleSignIn =
		env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
			? createGoogleSignIn({
					clientId: env.GOOGLE_CLIENT_ID,
					clientSecret: env.GOOGLE_CLIENT_SECRET,
					issuer: env.GOOGLE_ISSUER,
					authorizationEndpoint: env.GOOGLE_AUTHORIZATION_ENDPOINT,
					tokenEndpoint: env.GOOGLE_TOKEN_ENDPOINT,
					jwksUri: env.GOOGLE_JWKS_URI,
					userinfoEndpoint: env.GOOGLE_USERINFO_ENDPOINT,
					redirectURI: `${env.APP_URL}/auth/google/callback`,
					secureCookies: env.isProduction,
					logger,
				})
			: null
	const { adapters, descriptors, sandbox } = createPlatforms(env, logger)
	const files = createFileStore({ s3: env.s3, localRoot: path.join(env.dataDir, 'files') })
	const box = createSecretBox(env.APP_SECRET)
	// Each publication (published, failed, unconfirmed) reaches the posts, the activity log and the webhooks through publishing's outbox (ADR 0049).
	const publicationConsumers = [contentPublications, activityPublications, webhookPublications]
	const publishing = createPublishingService({ db, adapters, descriptors, files, box, logger, mailer, appUrl: env.APP_URL, faultPoint, brands: brandDirectory, publicationConsumers })
	// Every post that gets a time is checked against the networks' rules first (creator, board, calendar, automations).
	const planner = createDeliveryPlanner({ descriptors, files })
	const ai = createAiProviders(aiProviderModules, env)
	const webAllowHosts = !env.isProduction && env.WEB_FETCH_ALLOW_HOSTS ? env.WEB_FETCH_ALLOW_HOSTS.split(',').map((h) => h.trim()).filter(Boolean) : []
	const web = createWebReader({
		allowHosts: webAllowHosts,
		onlyAllowHosts: env.APP_ENV === 'test',
		youtube: { apiKey: env.YOUTUBE_API_KEY, apiBase: env.YOUTUBE_API_BASE, oembedUrl: env.YOUTUBE_OEMBED_URL, transcriptBase: env.YOUTUBE_TRANSCRIPT_BASE },
	})
	// Webhooks go to user-given URLs: the same address rules, redirects answered as they are (never followed).
	const webhookRules = {
		allowHosts: webAllowHosts,
		onlyAllowHosts: env.APP_ENV === 'test',
		isPublicAddress,
		isInternalName,
		lookup: (hostname: string) => dns.promises.lookup(hostname, { all: true }),
	}
	const webhookHttp = createSafeHttp({ allowHosts: webAllowHosts, onlyAllowHosts: env.APP_ENV === 'test', timeoutMs: 10_000, maxBytes: 1024 * 1024 })
	const media = createMediaUploads({
		db,
		files,
		limits: uploadLimits(descriptors),
		tools: () => videoTools(env),
		tempDir: path.join(env.dataDir, 'tmp', 'uploads'),
		// The one variant of an uploaded video every registered network takes (ADR 0059).
		videoTarget: publishableVideoTarget(descriptors.map((descriptor) => descriptor.media.video)),
		workDir: path.join(env.dataDir, 'tmp', 'media-process'),
		logger,
		// A video ready or failed: the deliveries waiting for it go at once (ADR 0064; media knows nothing of publishing).
		onSettled: resumeDeliveriesWaitingFor,
		// Media by URL (REST, MCP): the article fetcher's address rules, streamed with the largest upload limit (ADR 0072).
		fetchMediaUrl: mediaUrlFetch(webAllowHosts, env.APP_ENV === 'test', uploadLimits(descriptors)),
	})
	const services: Services = {
		accounts: createAccountsService({ db, logger, appUrl: env.APP_URL }),
		activity: createActivityService({ db }),
		admin: createAdminService({ db, clock: systemClock }),
		agents: createAgentsService({ db, files, web, logger }),
		brands: createBrandsService({ db, ideas: { moveIdeasOfBrand } }),
		content: createContentService({ db, clock: systemClock, planner, brands: brandDirectory, origins: mediaOrigins, platforms: publishing.platforms.ids, altTextMaxLength: altTextLimit(descriptors) ?? undefined }),
		postDocuments: createPostDocuments({ db, files, platforms: publishing.platforms.ids, documentRules: documentRules(descriptors), slideTheme: (userId, brandId) => brandSlideTheme(db, files, userId, brandId) }),
		dashboard: createDashboardService({ db, clock: systemClock }),
		generation: createGenerationService({ db, ai, web, files, logger, appUrl: env.APP_URL, platforms: publishing.platforms, media }),
		catalog: createCatalogService({ db, ai, files, logger }),
		files,
		media,
		publishing,
		search: createSearchService({ db }),
		toolbox: createToolboxService({ db, logger, platforms: publishing.platforms, contentWriter: createContentWriter(planner, brandDirectory, mediaOrigins, publishing.platforms.ids), comments: publishing.comments, createReviewPost: (trx, userId, sourcePostId) => createReviewPost(trx, planner, publishing.platforms.ids, userId, sourcePostId) }),
		news: createNewsService({ db, feeds: createFeedReader({ allowHosts: webAllowHosts, onlyAllowHosts: env.APP_ENV === 'test' }), ai, logger, platforms: publishing.platforms.descriptors }),
		billing: createBillingService({
			db,
			provider: createPaymentProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE, isProduction: env.isProduction }),
			mailer,
			salesEmail: env.SALES_EMAIL,
			appUrl: env.APP_URL,
			logger,
			clock: systemClock,
		}),
		webhooks: createWebhooksService({ db, box, http: webhookHttp, rules: webhookRules, mailer, logger, appUrl: env.APP_URL }),
		liveEvents: databaseUrl ? createLiveEvents({ connectionString: databaseUrl, logger }) : detachedLiveEvents,
		googleSignIn,
		devMailbox: env.isProduction ? null : devMailbox,
	}
	const tasks: Array<AnyTask> = [createSendAccountMailTask(mailer, logger), ...coreTasks(db), ...publishing.tasks, ...services.generation.tasks, ...services.toolbox.tasks, ...services.news.tasks, ...services.billing.tasks, ...services.webhooks.tasks, ...services.media.tasks]
	return { services, tasks, crontab: [coreCrontab, publishingCrontab, generationCrontab, services.toolbox.crontab, services.news.crontab, services.billing.crontab, services.webhooks.crontab].filter(Boolean).join('\n'), sandbox }
}
