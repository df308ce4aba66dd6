import type { FakeRequest } from '../sandbox/fake-http.ts'
import type { SandboxComment } from '../sandbox/store.ts'
import { GRAPH_VERSION } from './endpoints.ts'
import {
	authenticate,
	fieldNames,
	graphError,
	graphTime,
	isResponse,
	mayActFor,
	missingPermission,
	notFound,
	ok,
	pageById,
	pageByIg,
	paginate,
	param,
	pick,
	type MetaContext,
} from './sandbox-shared.ts'

const v = `/${GRAPH_VERSION}`

/**
 * Comments in the Meta fake. Facebook: GET and POST /{post-id}/comments (top level), GET and POST
 * /{comment-id}/comments (replies; the page comments and answers with pages_manage_engagement and its
 * page token), GET /{comment-id} (the Comment node, with permalink_url). Instagram: GET and POST
 * /{media-id}/comments (top level), GET and POST /{comment-id}/replies (instagram_manage_comments).
 */
export function addCommentRoutes(ctx: MetaContext) {
	const { router, store } = ctx

	function facebookView(comment: SandboxComment) {
		return { id: comment.id, message: comment.text, created_time: graphTime(comment.createdAt), from: { id: comment.authorId, name: comment.authorName }, parent: comment.parentId ? { id: comment.parentId } : undefined }
	}
	function instagramView(comment: SandboxComment) {
		return { id: comment.id, text: comment.text, timestamp: graphTime(comment.createdAt), username: comment.authorName, from: { id: comment.authorId, username: comment.authorName }, parent_id: comment.parentId ?? undefined }
	}

	/** What an id names: a Facebook post, a Facebook comment, an Instagram media or an Instagram comment. */
	function resolve(id: string) {
		const post = store.posts.find((p) => p.id === id && (p.platform === 'facebook' || p.platform === 'instagram'))
		if (post) return { platform: post.platform, postId: post.id, parentId: null, ownerId: post.authorId }
		const comment = store.findComment('facebook', id) ?? store.findComment('instagram', id)
		if (!comment) return null
		const owner = store.posts.find((p) => p.id === comment.postId)
		return { platform: comment.platform, postId: comment.postId, parentId: comment.id, ownerId: owner?.authorId ?? '' }
	}

	function list(req: FakeRequest, platform: 'facebook' | 'instagram', edge: 'comments' | 'replies') {
		const id = req.params.id ?? ''
		const found = resolve(id)
		if (!found || found.platform !== platform) return notFound(id)
		if (platform === 'instagram' && edge === 'comments' && found.parentId) return notFound(id)
		const claims = authenticate(ctx, req)
		if (isResponse(claims)) return claims
		const page = platform === 'facebook' ? pageById(found.ownerId) : pageByIg(found.ownerId)
		if (!page || !mayActFor(claims, page)) return graphError(10, '(#10) Application does not have permission for this action')
		const fields = fieldNames(req, platform === 'facebook' ? ['message', 'created_time'] : ['text', 'timestamp'])
		const comments = store.findComments(platform, found.postId, found.parentId)
		const view = platform === 'facebook' ? facebookView : instagramView
		return ok(paginate(ctx, req, comments.map((c) => pick(view(c), fields))))
	}

	function reply(req: FakeRequest, platform: 'facebook' | 'instagram') {
		const id = req.params.id ?? ''
		const found = resolve(id)
		if (!found || found.platform !== platform) return notFound(id)
		// Instagram: a comment on media at /{media-id}/comments, a reply at /{comment-id}/replies only.
		if (platform === 'instagram' && req.path.endsWith('/comments') === Boolean(found.parentId)) return graphError(100, '(#100) Unsupported post request')
		const claims = authenticate(ctx, req)
		if (isResponse(claims)) return claims
		const page = platform === 'facebook' ? pageById(found.ownerId) : pageByIg(found.ownerId)
		if (!page || !mayActFor(claims, page)) return graphError(10, '(#10) Application does not have permission for this action')
		if (platform === 'facebook' && claims.type !== 'page') return graphError(200, '(#200) Replying to comments as a page requires a page access token', { status: 403 })
		const scope = platform === 'facebook' ? 'pages_manage_engagement' : 'instagram_manage_comments'
		if (!claims.scopes.includes(scope)) return missingPermission(scope)
		const message = (param(req, 'message') ?? '').trim()
		if (!message) return graphError(100, '(#100) The parameter message is required')
		if (platform === 'instagram' && message.length > 2200) return graphError(100, '(#100) The comment is too long.')
		const saved = store.addComment({
			id: store.commentId(platform, found.postId),
			platform,
			postId: found.postId,
			parentId: found.parentId,
			authorId: platform === 'facebook' ? page.id : page.ig.id,
			authorName: platform === 'facebook' ? page.name : page.ig.username,
			text: message,
		})
		return ok({ id: saved.id })
	}

	router.on(`GET ${v}/:id/comments`, (req) => {
		const found = resolve(req.params.id ?? '')
		return list(req, found?.platform === 'instagram' ? 'instagram' : 'facebook', 'comments')
	})
	router.on(`POST ${v}/:id/comments`, (req) => reply(req, resolve(req.params.id ?? '')?.platform === 'instagram' ? 'instagram' : 'facebook'))
	router.on(`GET ${v}/:id/replies`, (req) => list(req, 'instagram', 'replies'))
	router.on(`POST ${v}/:id/replies`, (req) => reply(req, 'instagram'))

	/** The Comment node a Facebook comment id names (GET /{comment-id}), or null for any other id. */
	return {
		facebookComment(req: FakeRequest, id: string) {
			const comment = store.findComment('facebook', id)
			if (!comment) return null
			return ok(pick({ ...facebookView(comment), permalink_url: ctx.feedUrl(comment.id) }, fieldNames(req, ['message', 'created_time'])))
		},
	}
}
