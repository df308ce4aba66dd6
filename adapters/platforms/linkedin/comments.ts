import { PlatformError, type CommentReply, type PlatformComment, type PostedComment, type PublishTarget } from '#modules/publishing/ports.ts'
import { encodeUrn, type LinkedinApi } from './api.ts'

// Comments on a post through the Community Management API: GET /rest/socialActions/{postUrn}/comments
// lists them, a reply is a nested comment (parentComment) POSTed below the comment's URN, and the
// replies of a comment are listed at /rest/socialActions/{commentUrn}/comments.

type LinkedinComment = {
	id?: string
	commentUrn?: string
	actor?: string
	'actor~'?: { localizedName?: string; localizedFirstName?: string; localizedLastName?: string }
	object?: string
	parentComment?: string
	message?: { text?: string }
	created?: { time?: number; actor?: string }
}

const PAGE_SIZE = 100
const MAX_PAGES = 5
const normalize = (text: string) => text.normalize('NFC').replace(/\r\n?/g, '\n').trim()

async function listAll(api: LinkedinApi, urn: string, token: string) {
	const all: Array<LinkedinComment> = []
	for (let page = 0; page < MAX_PAGES; page += 1) {
		const found = await api.getJson<{ elements?: Array<LinkedinComment>; paging?: { total?: number } }>(
			`/rest/socialActions/${encodeUrn(urn)}/comments?count=${PAGE_SIZE}&start=${page * PAGE_SIZE}`,
			token,
		)
		const elements = found.elements ?? []
		all.push(...elements)
		if (elements.length < PAGE_SIZE) break
	}
	return all
}

function nameOf(comment: LinkedinComment) {
	const actor = comment['actor~']
	if (!actor) return ''
	return actor.localizedName ?? [actor.localizedFirstName, actor.localizedLastName].filter(Boolean).join(' ')
}

const urnOf = (comment: LinkedinComment, parent: string) => comment.commentUrn ?? (comment.id ? `urn:li:comment:(${parent},${comment.id})` : null)

export async function listComments(api: LinkedinApi, target: PublishTarget, postUrn: string, since: Date): Promise<Array<PlatformComment>> {
	const comments = await listAll(api, postUrn, target.accessToken)
	const out: Array<PlatformComment> = []
	for (const comment of comments) {
		const id = urnOf(comment, postUrn)
		if (!id || comment.parentComment) continue
		const createdAt = new Date(comment.created?.time ?? 0)
		if (createdAt < since) continue
		out.push({ id, authorName: nameOf(comment), text: comment.message?.text ?? '', createdAt, own: comment.actor === target.pageId })
	}
	return out.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
}

export async function replyToComment(api: LinkedinApi, target: PublishTarget, postUrn: string, commentUrn: string, text: string): Promise<CommentReply> {
	const result = await api.request(`/rest/socialActions/${encodeUrn(commentUrn)}/comments`, target.accessToken, {
		method: 'POST',
		creates: true,
		json: { actor: target.pageId, object: postUrn, parentComment: commentUrn, message: { text } },
	})
	const id = result.headers.get('x-restli-id') ?? urnOf((result.json ?? {}) as LinkedinComment, postUrn)
	if (!id) throw new PlatformError({ kind: 'unknown_outcome', code: 'bad_response', message: 'LinkedIn created the comment but named no id', status: result.status })
	return { externalId: decodeURIComponent(id) }
}

/**
 * The first comment: a top-level comment POSTed at /rest/socialActions/{share or ugcPost URN}/comments
 * with the organization as `actor` (members lack the Comments API's permission with our scopes: the
 * preflight refuses those channels). LinkedIn answers 201 with the comment's URN in x-restli-id.
 * Its link: the post's with `commentUrn`, LinkedIn's own way of pointing at a comment.
 */
export async function commentOnPost(api: LinkedinApi, target: PublishTarget, postUrn: string, text: string, postLink: string | null): Promise<PostedComment> {
	const result = await api.request(`/rest/socialActions/${encodeUrn(postUrn)}/comments`, target.accessToken, {
		method: 'POST',
		creates: true,
		json: { actor: target.pageId, object: postUrn, message: { text } },
	})
	const id = result.headers.get('x-restli-id') ?? urnOf((result.json ?? {}) as LinkedinComment, postUrn)
	if (!id) throw new PlatformError({ kind: 'unknown_outcome', code: 'bad_response', message: 'LinkedIn created the comment but named no id', status: result.status })
	const urn = decodeURIComponent(id)
	return { externalId: urn, url: postLink && !postLink.includes('#') ? `${postLink}?commentUrn=${encodeURIComponent(urn)}` : postLink }
}

export async function findReply(api: LinkedinApi, target: PublishTarget, postUrn: string, commentUrn: string, text: string): Promise<CommentReply | null> {
	const replies = await listAll(api, commentUrn, target.accessToken)
	const wanted = normalize(text)
	const match = replies.find((r) => r.actor === target.pageId && normalize(r.message?.text ?? '') === wanted)
	const id = match ? urnOf(match, postUrn) : null
	return id ? { externalId: id } : null
}
