import { sql } from 'kysely'
import { executePrepared, type Db } from '#modules/core/db.server.ts'
import { commentStateOf, type CommentState } from './comment-state.server.ts'
import { reasonFor } from './messages.ts'
import { deliveryChannelIdSql } from './post-channels.server.ts'

// What 'Meine Posts' shows per channel of a post (issue 19, defect 6; issue 38): published with its link,
// planned, being sent, failed or unconfirmed, with the German reason and the one action that helps.

export type DeliveryAction = 'retry' | 'reconnect' | 'edit' | 'image' | null

export type DeliveryState = {
	platform: string
	/** The channel it goes to (issue 38; without its own, its brand's default of the network): cards name it; null when there is none. */
	channelId: string | null
	channelName: string | null
	status: 'scheduled' | 'publishing' | 'published' | 'failed' | 'unconfirmed'
	url: string | null
	/** The German reason of a failure or of an unconfirmed outcome; null otherwise. */
	reason: string | null
	action: DeliveryAction
	/** The first comment under the post on this channel (its state, link, German reason); null when the post has none here. */
	firstComment: CommentState | null
}

/** Only reconnecting helps (the token, the account or a permission). */
const RECONNECT = new Set(['token_expired', 'token_revoked', 'reconnect_required', 'permission_missing', 'not_connected', 'auth_expired', 'invalid_credentials', 'account_suspended'])
/** The text breaks a rule of the network: editing helps, retrying never does. */
const EDIT = new Set(['text_too_long', 'caption_too_long', 'too_many_hashtags', 'too_many_links', 'empty_text', 'empty_post', 'text_required', 'duplicate_post'])
/** The image is missing or breaks a rule of the network. */
const IMAGE = new Set(['instagram_needs_image', 'image_required', 'image_format', 'image_ratio', 'image_too_large', 'image_unavailable', 'image_unreachable', 'image_invalid', 'carousel_too_many', 'alt_text_too_long'])
/** Retrying cannot help and there is nothing the user can change here. */
const NONE = new Set(['not_configured', 'unknown_platform', 'not_found'])

export function actionFor(code: string | null): DeliveryAction {
	if (!code) return 'retry'
	if (RECONNECT.has(code)) return 'reconnect'
	if (EDIT.has(code)) return 'edit'
	if (IMAGE.has(code) || code.startsWith('image_')) return 'image'
	if (NONE.has(code)) return null
	return 'retry'
}

/** The networks of `postIds` (the user's own only), in one query, by post id. */
export async function deliveryStates(db: Db, userId: string, postIds: Array<string>): Promise<Record<string, Array<DeliveryState>>> {
	const states: Record<string, Array<DeliveryState>> = {}
	if (postIds.length === 0) return states
	// One text whatever the number of posts (the ids as one array parameter, the statuses as fixed text):
	// prepared once per connection (executePrepared), as the board's statements (ADR 0034).
	const query = db
		.selectFrom('post_deliveries as d')
		.leftJoin('channels as c', (join) => join.on(sql<boolean>`c.id = ${deliveryChannelIdSql()}`))
		.select(['d.post_id', 'd.platform', 'c.id as channel_id', 'c.page_name as channel_name', 'd.status', 'd.external_url', 'd.error_code', 'd.error_message', 'd.comment_status', 'd.comment_url', 'd.comment_error_code'])
		.where('d.user_id', '=', userId)
		.where(sql<boolean>`d.post_id = any(${postIds}::uuid[])`)
		.where(sql<boolean>`d.status in ('scheduled', 'publishing', 'published', 'failed', 'unconfirmed')`)
		.orderBy('d.platform')
		.orderBy('c.page_name')
	const { rows } = await executePrepared(db, 'publishing_delivery_states', sql<Awaited<ReturnType<typeof query.execute>>[number]>`${query}`)
	for (const row of rows) {
		const status = row.status as DeliveryState['status']
		const failed = status === 'failed'
		// The stored reason is the one the user was told (a preflight's carries its figures).
		const reason = failed ? row.error_message || reasonFor(row.error_code) : status === 'unconfirmed' ? reasonFor('unconfirmed') : null
		;(states[row.post_id] ??= []).push({
			platform: row.platform,
			channelId: row.channel_id,
			channelName: row.channel_name,
			status,
			url: status === 'published' ? row.external_url : null,
			reason,
			// An unconfirmed post may be live: no button that could send it twice (the job keeps looking).
			action: failed ? actionFor(row.error_code) : null,
			firstComment: commentStateOf(row),
		})
	}
	return states
}
