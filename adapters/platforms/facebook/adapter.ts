import { PlatformError, type PageInfo, type PlatformAdapter, type PostMetrics, type Published, type PublishTarget } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from '../settings.ts'
import { metaErrorCodes } from '../meta/errors.ts'
import { createGraph, type Graph } from '../meta/graph.ts'
import { connectUser, dialogUrl, fetchManagedPages, refreshUserToken, type ManagedPage } from '../meta/oauth.ts'
import { graphDate, sameText, sinceParam } from '../meta/matching.ts'
import { checkedMedia } from '#modules/publishing/publish-media.ts'
import { commentOnPost } from './comments.ts'
import { facebookDescriptor } from './descriptor.ts'
import { attachedMedia, unpublishedPhotos } from './photos.ts'

/** pages_read_user_content and pages_manage_engagement: reading comments and answering them as the page (auto-reply). */
export const facebookScopes = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'business_management', 'pages_read_user_content', 'pages_manage_engagement']

/** Without these the app can neither list the pages nor post to them. */
const requiredScopes = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement']

export const facebookErrorCodes = [
	...metaErrorCodes.filter((code) => code !== 'container_error' && code !== 'container_expired'),
	// checkedMedia's refusals: a document, a video beside photos, more than ten photos.
	'document_not_supported',
	'carousel_mixed',
	'carousel_too_many',
]

export const FACEBOOK_MESSAGE_LIMIT = 63_206

export function createFacebookAdapter(settings: AdapterSettings): PlatformAdapter {
	const graph = createGraph(settings)

	async function pages(userToken: string): Promise<Array<PageInfo>> {
		const managed = await fetchManagedPages(graph, userToken, 'id,name,access_token,tasks,picture,followers_count,fan_count')
		return managed.filter(canPost).map(toPageInfo)
	}

	return {
		platform: 'facebook',
		sandbox: settings.sandbox,
		// Facebook Login has no PKCE; the state alone binds the callback to the session.
		authorizationUrl: ({ state, redirectUri }) => dialogUrl(settings, { state, redirectUri, scopes: facebookScopes }),
		async exchangeCode({ code, redirectUri }) {
			const { user, token } = await connectUser(settings, graph, { code, redirectUri }, requiredScopes)
			return { accountId: user.id, accountName: user.name, token, pages: await pages(token.accessToken) }
		},
		refreshToken: (token) => refreshUserToken(settings, token),
		listPages: ({ accessToken }) => pages(accessToken),

		async publish(target, content, hooks) {
			if (content.text.length > FACEBOOK_MESSAGE_LIMIT) {
				throw new PlatformError({ kind: 'invalid_request', code: 'caption_too_long', message: `message longer than ${FACEBOOK_MESSAGE_LIMIT} characters` })
			}
			const media = checkedMedia(facebookDescriptor, content)
			const options = { creates: true, signal: hooks.signal }
			if (media[0]?.kind === 'video') {
				// checkedMedia lets a video through only alone: a page video by URL, its description the post's text.
				const video = await graph.post<{ id?: string }>(`${target.pageId}/videos`, { file_url: media[0].url, description: content.text }, target.accessToken, options)
				return published(video.id, video.id ? await permalink(graph, target, video.id, hooks.signal) : null)
			}
			if (media.length !== 1) {
				const photos = media.length ? attachedMedia(await unpublishedPhotos({ graph, target, hooks }, media)) : {}
				const post = await graph.post<{ id?: string; permalink_url?: string }>(
					`${target.pageId}/feed`,
					{ message: content.text, ...photos, fields: 'id,permalink_url' },
					target.accessToken,
					options,
				)
				return published(post.id, post.permalink_url ?? null)
			}
			const photo = await graph.post<{ id?: string; post_id?: string }>(
				`${target.pageId}/photos`,
				{ url: media[0]!.url, caption: content.text, published: true },
				target.accessToken,
				options,
			)
			const postId = photo.post_id ?? photo.id
			return published(postId, postId ? await permalink(graph, target, postId, hooks.signal) : null)
		},

		async findPublished(target, content, _checkpoint, since) {
			// A video post is its video: looked for among the page's videos by its description (the id publish returns).
			if (content.media[0]?.kind === 'video') {
				const videos = await graph.list<{ id: string; description?: string; permalink_url?: string }>(
					`${target.pageId}/videos`,
					{ fields: 'id,description,permalink_url,updated_time', since: sinceParam(since), limit: 50 },
					target.accessToken,
					{ maxPages: 4 },
				)
				const video = videos.find((item) => sameText(item.description, content.text))
				return video ? { externalId: video.id, url: absoluteLink(video.permalink_url) } : null
			}
			const posts = await graph.list<{ id: string; message?: string; permalink_url?: string }>(
				`${target.pageId}/feed`,
				{ fields: 'id,message,created_time,permalink_url', since: sinceParam(since), limit: 50 },
				target.accessToken,
				{ maxPages: 4 },
			)
			const match = posts.find((post) => sameText(post.message, content.text))
			return match ? { externalId: match.id, url: match.permalink_url ?? null } : null
		},

		async followerCount(target) {
			const page = await graph.get<{ followers_count?: number; fan_count?: number }>(target.pageId, { fields: 'followers_count,fan_count' }, target.accessToken)
			return page.followers_count ?? page.fan_count ?? null
		},

		async listComments(target, externalId, since) {
			const comments = await graph.list<FacebookComment>(
				`${externalId}/comments`,
				{ fields: 'id,message,created_time,from', filter: 'toplevel', order: 'chronological', limit: 100 },
				target.accessToken,
				{ maxPages: 5 },
			)
			return comments
				.map((c) => ({ id: c.id, authorName: c.from?.name ?? '', text: c.message ?? '', createdAt: graphDate(c.created_time), own: c.from?.id === target.pageId }))
				.filter((c) => c.createdAt >= since)
		},

		async replyToComment(target, _externalId, commentId, text) {
			const reply = await graph.post<{ id?: string }>(`${commentId}/comments`, { message: text }, target.accessToken, { creates: true })
			if (!reply.id) throw new PlatformError({ kind: 'unknown_outcome', code: 'transient', message: 'Graph answered the reply without an id' })
			return { externalId: reply.id }
		},

		async findReply(target, _externalId, commentId, text) {
			const replies = await graph.list<FacebookComment>(`${commentId}/comments`, { fields: 'id,message,from', limit: 100 }, target.accessToken, { maxPages: 3 })
			const match = replies.find((r) => r.from?.id === target.pageId && sameText(r.message, text))
			return match ? { externalId: match.id } : null
		},

		commentOnPost: (target, externalId, text) => commentOnPost(graph, target, externalId, text),

		async postMetrics(target, externalId) {
			try {
				return await metrics(graph, target, externalId)
			} catch (error) {
				if (error instanceof PlatformError && error.code === 'not_found') return null
				throw error
			}
		},
	}
}

type FacebookComment = { id: string; message?: string; created_time?: string; from?: { id?: string; name?: string } }

function published(id: string | undefined, url: string | null): Published {
	// The network answered 2xx but named no post: it may exist, so this is not a plain failure.
	if (!id) throw new PlatformError({ kind: 'unknown_outcome', code: 'transient', message: 'Graph answered without a post id' })
	return { externalId: id, url }
}

/** The permalink is a nicety: the post exists either way, so a failed lookup only leaves the URL empty. */
async function permalink(graph: Graph, target: PublishTarget, postId: string, signal?: AbortSignal) {
	try {
		const post = await graph.get<{ permalink_url?: string }>(postId, { fields: 'permalink_url' }, target.accessToken, { signal })
		return absoluteLink(post.permalink_url)
	} catch {
		return null
	}
}

/** A Video node's permalink_url is a path on facebook.com ("/{page}/videos/{id}/"); a post's is absolute. */
function absoluteLink(link: string | undefined) {
	if (!link) return null
	return link.startsWith('/') ? `https://www.facebook.com${link}` : link
}

async function metrics(graph: Graph, target: PublishTarget, postId: string): Promise<PostMetrics> {
	type Counters = { reactions?: { summary?: { total_count?: number } }; comments?: { summary?: { total_count?: number } }; shares?: { count?: number } }
	const counters = await graph.get<Counters>(postId, { fields: 'reactions.summary(total_count),comments.summary(total_count),shares' }, target.accessToken)
	return {
		views: await views(graph, target, postId),
		likes: counters.reactions?.summary?.total_count ?? 0,
		comments: counters.comments?.summary?.total_count ?? 0,
		shares: counters.shares?.count ?? 0,
	}
}

/** Post insights need read_insights on some pages; without them the counters still stand. */
async function views(graph: Graph, target: PublishTarget, postId: string) {
	try {
		const insights = await graph.get<{ data?: Array<{ values?: Array<{ value?: unknown }> }> }>(
			`${postId}/insights`,
			{ metric: 'post_total_media_view_unique' },
			target.accessToken,
		)
		const value = insights.data?.[0]?.values?.[0]?.value
		return typeof value === 'number' ? value : 0
	} catch (error) {
		if (error instanceof PlatformError && (error.kind === 'invalid_request' || error.kind === 'permission_missing')) return 0
		throw error
	}
}

/** Pages where the user may create content (the CREATE_CONTENT task); others would only fail at publish time. */
function canPost(page: ManagedPage) {
	return Boolean(page.access_token) && (!page.tasks || page.tasks.includes('CREATE_CONTENT'))
}

function toPageInfo(page: ManagedPage): PageInfo {
	return {
		pageId: page.id,
		name: page.name,
		type: 'business',
		pictureUrl: page.picture?.data?.url ?? null,
		followerCount: page.followers_count ?? page.fan_count ?? null,
		accessToken: page.access_token ?? null,
	}
}
