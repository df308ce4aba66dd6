// The module services the composition root (server/compose.ts) builds and hands to the web layer.
import type { AccountsService, DevMailbox, GoogleSignIn } from './accounts/index.ts'
import type { ActivityService } from './activity/index.ts'
import type { AdminService } from './admin/index.ts'
import type { AgentsService } from './agents/index.ts'
import type { BillingService } from './billing/index.ts'
import type { BrandsService } from './brands/index.ts'
import type { CatalogService } from './catalog/index.ts'
import type { ContentService, PostDocuments } from './content/index.ts'
import type { DashboardService } from './dashboard/index.ts'
import type { FileStore } from './core/files.server.ts'
import type { LiveEvents } from './core/live-events.server.ts'
import type { GenerationService } from './generation/index.ts'
import type { MediaUploads } from './media/index.ts'
import type { NewsService } from './news/index.ts'
import type { PublishingService } from './publishing/index.ts'
import type { SearchService } from './search/index.ts'
import type { ToolboxService } from './toolbox/index.ts'
import type { WebhooksService } from './webhooks/index.ts'

export type Services = {
	accounts: AccountsService
	/** The activity log and error reports from its entries. */
	activity: ActivityService
	admin: AdminService
	agents: AgentsService
	/** The user's brands ('Marken'): they group channels, agents, posts and drafts. */
	brands: BrandsService
	/** The model gallery and the admin's model catalogue. */
	catalog: CatalogService
	content: ContentService
	/** A post's document (LinkedIn's PDF carousel): made from its slides, or an uploaded PDF attached. */
	postDocuments: PostDocuments
	/** The dashboard's reads of six modules in one statement. */
	dashboard: DashboardService
	generation: GenerationService
	/** Uploaded and generated files, served at /media/<key>. */
	files: FileStore
	/** The user's own images, videos and PDFs for posts, streamed into `files` (/api/media, the REST API's /media). */
	media: MediaUploads
	publishing: PublishingService
	/** Full-text search over the user's posts, drafts, ideas and news (header box, /suche). */
	search: SearchService
	/** The user's tools (the dashboard's favourites). */
	toolbox: ToolboxService
	/** Content settings (niche, audience, keywords, sources), the daily news feed and content ideas. */
	news: NewsService
	/** Pricing, discount codes, checkout (Stripe or the offline test checkout), payments, the monthly allowance. */
	billing: BillingService
	/** Outgoing webhooks: the user's endpoints, signed deliveries with retries, the delivery log. */
	webhooks: WebhooksService
	/** Change events per user (Postgres LISTEN/NOTIFY), streamed to the browser by /events. */
	liveEvents: LiveEvents
	/** null when GOOGLE_CLIENT_ID/SECRET are not configured. */
	googleSignIn: GoogleSignIn | null
	/** null when SMTP is configured or in production. */
	devMailbox: DevMailbox | null
}
