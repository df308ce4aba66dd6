import { FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import type { SandboxPost } from '../sandbox/store.ts'
import { GRAPH_VERSION } from './endpoints.ts'
import { addCommentRoutes } from './sandbox-comments.ts'
import { addFacebookRoutes, pageObject, postInsight, postObject } from './sandbox-facebook.ts'
import { CONTAINER_STATUS_ROUTE, addInstagramRoutes, igUserObject, mediaInsight, mediaObject } from './sandbox-instagram.ts'
import { addOAuthRoutes } from './sandbox-oauth.ts'
import { authenticate, fieldNames, graphError, isResponse, notFound, ok, pageById, pageByIg, param, pick, type MetaContext } from './sandbox-shared.ts'

export { graphError, invalidToken, SANDBOX_PAGES, SANDBOX_USER } from './sandbox-shared.ts'

const v = `/${GRAPH_VERSION}`

/** Route names of the Meta fake, for scripting responses and counting requests in tests. */
export const metaRoutes = {
	dialog: 'GET /dialog/oauth',
	token: `GET ${v}/oauth/access_token`,
	me: `GET ${v}/me`,
	permissions: `GET ${v}/me/permissions`,
	accounts: `GET ${v}/me/accounts`,
	feed: `POST ${v}/:pageId/feed`,
	photos: `POST ${v}/:pageId/photos`,
	pageFeed: `GET ${v}/:pageId/feed`,
	videos: `POST ${v}/:pageId/videos`,
	pageVideos: `GET ${v}/:pageId/videos`,
	media: `POST ${v}/:igUserId/media`,
	containerStatus: CONTAINER_STATUS_ROUTE,
	mediaPublish: `POST ${v}/:igUserId/media_publish`,
	igMedia: `GET ${v}/:igUserId/media`,
	publishingLimit: `GET ${v}/:igUserId/content_publishing_limit`,
	insights: `GET ${v}/:id/insights`,
	object: `GET ${v}/:id`,
	comments: `GET ${v}/:id/comments`,
	replyFacebook: `POST ${v}/:id/comments`,
	replies: `GET ${v}/:id/replies`,
	replyInstagram: `POST ${v}/:id/replies`,
} as const

/**
 * The Meta Graph fake (Facebook Pages and Instagram with Facebook Login), mounted so that the API
 * base is `${base}/v25.0` and the consent dialog `${base}/dialog/oauth`. The sandbox network and
 * the tests use the same code.
 */
export function createMetaFake({ base, store, redirectAllowed }: SandboxContext): FakeRouter {
	const router = new FakeRouter()
	store.setCommentFormat('facebook', (postId, n) => `${postId.split('_')[0]}_${n}`)
	store.setCommentFormat('instagram', (_postId, n) => `1780000000${n}`)
	const feedRoot = new URL('./', base).toString()
	const ctx: MetaContext = { base, store, redirectAllowed, router, feedUrl: (id) => `${feedRoot}#${encodeURIComponent(id)}` }
	addOAuthRoutes(ctx)
	addFacebookRoutes(ctx)
	addInstagramRoutes(ctx)
	const comments = addCommentRoutes(ctx)

	const storedPost = (id: string) => store.posts.find((p) => p.id === id && (p.platform === 'facebook' || p.platform === 'instagram')) ?? null

	router.on(metaRoutes.insights, (req) => {
		const id = req.params.id ?? ''
		const post = storedPost(id)
		if (!post) return notFound(id)
		const claims = authenticate(ctx, req)
		if (isResponse(claims)) return claims
		const metrics = (param(req, 'metric') ?? '').split(',').filter(Boolean)
		const data = []
		for (const metric of metrics) {
			const value = insight(post, metric)
			if (value === undefined) return graphError(100, `(#100) The value must be a valid insights metric: ${metric}`)
			data.push({ name: metric, period: 'lifetime', values: [{ value }], id: `${id}/insights/${metric}/lifetime` })
		}
		return ok({ data })
	})

	// Graph reads every node at /{id}: pages, Instagram accounts, posts, media and Facebook comments.
	router.on(metaRoutes.object, (req) => {
		const id = req.params.id ?? ''
		const claims = authenticate(ctx, req)
		if (isResponse(claims)) return claims
		const page = pageById(id)
		if (page) return ok(pick(pageObject(ctx, page), fieldNames(req, ['name'])))
		const igPage = pageByIg(id)
		if (igPage) return ok(pick(igUserObject(ctx, igPage, store.findPosts('instagram', id).length), fieldNames(req, [])))
		const post = storedPost(id)
		if (post?.platform === 'facebook') return ok(pick(postObject(post), fieldNames(req, ['message', 'created_time'])))
		if (post) return ok(pick(mediaObject(post, pageByIg(post.authorId)), fieldNames(req, [])))
		return comments.facebookComment(req, id) ?? notFound(id)
	})
	return router
}

function insight(post: SandboxPost, metric: string) {
	return post.platform === 'facebook' ? postInsight(post, metric) : mediaInsight(post, metric)
}
