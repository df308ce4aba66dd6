import type { ContentWriter } from '#modules/content/index.ts'
import type { Db, Trx } from '#modules/core/db.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import type { CommentReplies, PlatformCatalog } from '#modules/publishing/index.ts'

/**
 * What the toolbox and its automations get from the composition root. Automations that need
 * another module's work (creating posts, drafts, ideas; reading comments through the platform
 * adapters) get it here as functions, so the toolbox stays free of adapters.
 */
export type ToolboxDeps = {
	db: Db
	logger: Logger
	/** The registered platforms (through publishing): settings and contacts name only these. */
	platforms: Pick<PlatformCatalog, 'ids' | 'has' | 'get'>
	now?: () => Date
	/** Drafts and planned posts written in the automation's own transaction (birthdayWishes). */
	contentWriter?: ContentWriter
	/** autoReply: comments on the user's published posts and exactly-once replies (publishing module). */
	comments?: Pick<CommentReplies, 'recentPublishedDeliveries' | 'listComments' | 'repliedComments' | 'replyToComment'>
	/** autoRepost: a copy of a published post in status 'review', written in the automation's transaction. */
	createReviewPost?: (trx: Trx, userId: string, sourcePostId: string) => Promise<{ id: string; title: string } | null>
}
