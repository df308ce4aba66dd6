import { randomUUID } from 'node:crypto'
import type { CommentReply, PlatformComment, PostedComment, PublishTarget } from '#modules/publishing/ports.ts'
import { localId, serverOf } from './account.ts'
import { dateOf, str, type Json, type MastodonClient } from './client.ts'
import { badResponse } from './errors.ts'
import { comparable, normalizeText, plainText, withoutLeadingMentions } from './plain-text.ts'

/** Replies are statuses with in_reply_to_id; the post's context lists them (ancestors and descendants). */
export function createComments(client: MastodonClient) {
	async function descendants(target: PublishTarget, externalId: string): Promise<Array<Json>> {
		const context = await client.request(serverOf(target), `/api/v1/statuses/${encodeURIComponent(externalId)}/context`, { token: target.accessToken })
		return Array.isArray(context.descendants) ? (context.descendants as Array<Json>).filter((s) => s && typeof s === 'object') : []
	}

	const accountIdOf = (status: Json) => str((status.account as Json | undefined)?.id)

	async function listComments(target: PublishTarget, externalId: string, since: Date): Promise<Array<PlatformComment>> {
		const own = localId(target.accountId)
		const comments: Array<PlatformComment> = []
		for (const status of await descendants(target, externalId)) {
			const id = str(status.id)
			const createdAt = dateOf(status.created_at)
			if (!id || str(status.in_reply_to_id) !== externalId || createdAt < since) continue
			const account = (status.account ?? {}) as Json
			comments.push({
				id,
				authorName: str(account.display_name) ?? str(account.acct) ?? '',
				text: normalizeText(plainText(str(status.content) ?? '')),
				createdAt,
				own: accountIdOf(status) === own,
			})
		}
		return comments.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
	}

	/**
	 * A public status in reply to the comment, starting with its author's mention (Mastodon notifies
	 * by mentions) unless the text names them already. Creating: a lost answer is reconciled with findReply.
	 */
	async function replyToComment(target: PublishTarget, _externalId: string, commentId: string, text: string): Promise<CommentReply> {
		const server = serverOf(target)
		const comment = await client.request(server, `/api/v1/statuses/${encodeURIComponent(commentId)}`, { token: target.accessToken })
		const acct = accountIdOf(comment) === localId(target.accountId) ? null : str((comment.account as Json | undefined)?.acct)
		const mention = acct && !text.toLowerCase().includes(`@${acct.toLowerCase()}`) ? `@${acct} ` : ''
		const status = await client.request(server, '/api/v1/statuses', {
			method: 'POST',
			token: target.accessToken,
			json: { status: `${mention}${text}`, in_reply_to_id: commentId, visibility: 'public' },
			headers: { 'idempotency-key': randomUUID() },
			creates: true,
		})
		const id = str(status.id)
		if (!id) throw badResponse('reply without id', { creates: true })
		return { externalId: id }
	}

	/**
	 * The first comment: a public status in reply to the post (in_reply_to_id), without a mention (the
	 * post is the account's own), under an Idempotency-Key. Creating: a lost answer is reconciled through
	 * listComments. Its link is the status's `url`.
	 */
	async function commentOnPost(target: PublishTarget, externalId: string, text: string): Promise<PostedComment> {
		const status = await client.request(serverOf(target), '/api/v1/statuses', {
			method: 'POST',
			token: target.accessToken,
			json: { status: text, in_reply_to_id: externalId, visibility: 'public' },
			headers: { 'idempotency-key': randomUUID() },
			creates: true,
		})
		const id = str(status.id)
		if (!id) throw badResponse('comment without id', { creates: true })
		return { externalId: id, url: str(status.url) ?? null }
	}

	async function findReply(target: PublishTarget, externalId: string, commentId: string, text: string): Promise<CommentReply | null> {
		const own = localId(target.accountId)
		const wanted = withoutLeadingMentions(comparable(text))
		for (const status of await descendants(target, externalId)) {
			const id = str(status.id)
			if (!id || str(status.in_reply_to_id) !== commentId || accountIdOf(status) !== own) continue
			if (withoutLeadingMentions(comparable(plainText(str(status.content) ?? ''))) === wanted) return { externalId: id }
		}
		return null
	}

	return { listComments, replyToComment, findReply, commentOnPost }
}
