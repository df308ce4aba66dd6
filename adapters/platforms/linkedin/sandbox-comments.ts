import { json, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import type { SandboxComment } from '../sandbox/store.ts'
import { canActAs, liError, notEnoughPermissions, rest, sandboxOrganization, type Member } from './sandbox-rest.ts'

// The LinkedIn fake's comments (Community Management API): comments of a post and the nested
// replies of a comment at /rest/socialActions/{urn}/comments, stored in the SandboxStore.

const personUrn = (authorId: string) => (authorId.startsWith('urn:li:') ? authorId : `urn:li:person:${authorId}`)

function view(comment: SandboxComment) {
	const time = Date.parse(comment.createdAt)
	const actor = personUrn(comment.authorId)
	return {
		id: comment.id.replace(/^urn:li:comment:\(.*,([^,)]+)\)$/, '$1'),
		commentUrn: comment.id,
		actor,
		'actor~': { localizedName: comment.authorName },
		object: comment.postId,
		...(comment.parentId ? { parentComment: comment.parentId } : {}),
		message: { text: comment.text, attributes: [] },
		created: { time, actor },
		lastModified: { time, actor },
	}
}

export function commentRoutes(router: FakeRouter, { store }: SandboxContext) {
	/** The post a URN names, or the comment (and its post) for a comment URN. */
	function resolve(urn: string) {
		if (urn.startsWith('urn:li:comment:')) {
			const comment = store.findComment('linkedin', urn)
			return comment ? { postId: comment.postId, parentId: comment.id } : null
		}
		const post = store.posts.find((p) => p.platform === 'linkedin' && p.id === urn)
		return post ? { postId: post.id, parentId: null } : null
	}

	router.on(
		'GET /rest/socialActions/:urn/comments',
		rest(store, (req) => {
			const found = resolve(req.params.urn!)
			if (!found) return liError(404, `${req.params.urn} not found`)
			const start = Math.max(0, Number(req.query.get('start') ?? 0) || 0)
			const count = Math.min(100, Math.max(1, Number(req.query.get('count') ?? 10) || 10))
			const all = store.findComments('linkedin', found.postId, found.parentId)
			return json(200, { elements: all.slice(start, start + count).map(view), paging: { start, count, total: all.length, links: [] } })
		}),
	)

	router.on(
		'POST /rest/socialActions/:urn/comments',
		rest(store, (req, member: Member) => {
			const found = resolve(req.params.urn!)
			if (!found) return liError(404, `${req.params.urn} not found`)
			const body = (req.json ?? {}) as { actor?: unknown; object?: unknown; parentComment?: unknown; message?: { text?: unknown } }
			if (typeof body.actor !== 'string') return liError(422, '/actor :: field is required but not found and has no default value')
			if (!canActAs(member, body.actor)) return notEnoughPermissions('socialActions.comments.CREATE')
			const text = typeof body.message?.text === 'string' ? body.message.text : ''
			if (!text.trim()) return liError(422, '/message/text :: field is required but not found and has no default value')
			if (text.length > 1250) return liError(422, '/message/text :: length exceeds the maximum of 1250')
			const parentId = typeof body.parentComment === 'string' ? body.parentComment : found.parentId
			if (parentId && store.findComment('linkedin', parentId)?.postId !== found.postId) return liError(400, `/parentComment :: ${parentId} is not a comment of ${found.postId}`)
			const comment = store.addComment({
				id: store.commentId('linkedin', found.postId),
				platform: 'linkedin',
				postId: found.postId,
				parentId,
				authorId: body.actor,
				authorName: body.actor === sandboxOrganization.urn ? sandboxOrganization.name : member.name,
				text,
			})
			return { status: 201, headers: { 'x-restli-id': encodeURIComponent(comment.id), 'content-type': 'application/json' }, body: view(comment) }
		}),
	)
}
