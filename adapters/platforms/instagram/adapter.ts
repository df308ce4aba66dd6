import { PlatformError, type PageInfo, type PlatformAdapter, type PostMetrics, type Published, type PublishTarget } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from '../settings.ts'
import { metaErrorCodes } from '../meta/errors.ts'
import { createGraph, type Graph } from '../meta/graph.ts'
import { graphDate, sameText, sinceParam } from '../meta/matching.ts'
import { commentOnPost } from './comments.ts'
import { connectUser, dialogUrl, fetchManagedPages, refreshUserToken } from '../meta/oauth.ts'
import { checkedMedia } from '#modules/publishing/publish-media.ts'
import { createContainer } from './carousel.ts'
import { containerStatus, defaultPollOptions, waitForContainer, type PollOptions } from './container.ts'
import { instagramDescriptor } from './descriptor.ts'
import { assertJpeg } from './image.ts'

// Instagram API with Facebook Login (variant A): the same Meta app and consent dialog as Facebook
// Pages; an Instagram business account is reached through the Facebook page it is linked to, and
// is published to with that page's token.

export const instagramScopes = [
	'instagram_basic',
	'instagram_content_publish',
	'pages_show_list',
	'pages_read_engagement',
	'business_management',
	'instagram_manage_insights',
	// Reading and answering comments (auto-reply).
	'instagram_manage_comments',
]

const requiredScopes = ['instagram_basic', 'instagram_content_publish', 'pages_show_list', 'pages_read_engagement']

export const instagramErrorCodes = [
	...metaErrorCodes.filter((code) => code !== 'duplicate_post'),
	'instagram_needs_image',
	'instagram_jpeg_only',
	'instagram_no_business_account',
	'video_not_supported',
	'document_not_supported',
	'carousel_too_many',
	'carousel_mixed',
	'alt_text_too_long',
]

export const INSTAGRAM_CAPTION_LIMIT = 2200
/** Graph keeps an unpublished container for 24 hours; one published earlier is at most that old. */
const CONTAINER_LIFETIME_MS = 24 * 3600 * 1000

export type InstagramOptions = Partial<PollOptions>

type IgAccount = { id: string; username?: string; name?: string; profile_picture_url?: string; followers_count?: number }
type IgComment = { id: string; text?: string; timestamp?: string; username?: string; from?: { id?: string; username?: string } }
type IgMedia = { id: string; caption?: string; permalink?: string; timestamp?: string }

export function createInstagramAdapter(settings: AdapterSettings, options: InstagramOptions = {}): PlatformAdapter {
	const graph = createGraph(settings)
	const poll: PollOptions = { ...defaultPollOptions, ...options }

	async function accounts(userToken: string): Promise<Array<PageInfo>> {
		const pages = await fetchManagedPages(graph, userToken, 'id,name,access_token,instagram_business_account')
		const linked = pages.filter((page) => page.instagram_business_account?.id && page.access_token)
		return Promise.all(
			linked.map(async (page) => {
				const token = page.access_token!
				const ig = await graph.get<IgAccount>(page.instagram_business_account!.id, { fields: 'id,username,name,profile_picture_url,followers_count' }, token)
				return {
					pageId: ig.id,
					name: ig.username ?? ig.name ?? ig.id,
					type: 'business' as const,
					pictureUrl: ig.profile_picture_url ?? null,
					followerCount: ig.followers_count ?? null,
					accessToken: token,
				}
			}),
		)
	}

	/** The media published from our caption since `since` (the caption is all that ties it to us). */
	async function findMedia(target: PublishTarget, caption: string, since: Date): Promise<Published | null> {
		const media = await graph.list<IgMedia>(
			`${target.pageId}/media`,
			{ fields: 'id,caption,permalink,timestamp', since: sinceParam(since), limit: 50 },
			target.accessToken,
			{ maxPages: 2 },
		)
		const earliest = sinceParam(since) * 1000
		const match = media.find((m) => sameText(m.caption, caption) && (!m.timestamp || Date.parse(m.timestamp.replace(/\+0000$/, 'Z')) >= earliest))
		return match ? { externalId: match.id, url: match.permalink ?? null } : null
	}

	return {
		platform: 'instagram',
		sandbox: settings.sandbox,
		authorizationUrl: ({ state, redirectUri }) => dialogUrl(settings, { state, redirectUri, scopes: instagramScopes }),
		async exchangeCode({ code, redirectUri }) {
			const { user, token } = await connectUser(settings, graph, { code, redirectUri }, requiredScopes)
			const pages = await accounts(token.accessToken)
			if (!pages.length) {
				throw new PlatformError({ kind: 'invalid_request', code: 'instagram_no_business_account', message: 'no Instagram business account is linked to the user’s Facebook pages' })
			}
			return { accountId: user.id, accountName: user.name, token, pages }
		},
		refreshToken: (token) => refreshUserToken(settings, token),
		listPages: ({ accessToken }) => accounts(accessToken),

		async publish(target, content, hooks) {
			const media = checkedMedia(instagramDescriptor, content)
			if (!media.length) throw new PlatformError({ kind: 'invalid_request', code: 'instagram_needs_image', message: 'Instagram has no text-only posts' })
			if (content.text.length > INSTAGRAM_CAPTION_LIMIT) {
				throw new PlatformError({ kind: 'invalid_request', code: 'caption_too_long', message: `caption longer than ${INSTAGRAM_CAPTION_LIMIT} characters` })
			}
			for (const item of media) if (item.kind === 'image') await assertJpeg(settings, item.url, hooks.signal)
			const holdsVideo = media.some((item) => item.kind === 'video')
			const aiGenerated = Boolean(content.aiGenerated) && instagramDescriptor.media.aiFlag
			// A resend first looks at the earlier attempt's container: media_publish may have made it a post
			// after all, and while it is unpublished it is published instead of a new one (a late publish of it
			// would otherwise double the post).
			const earlier = hooks.previous?.containerId ? await containerStatus(graph, hooks.previous.containerId, target.accessToken).catch(() => null) : null
			const reusable = earlier === 'FINISHED' || earlier === 'IN_PROGRESS' || earlier === 'PUBLISHED'
			const containerId = reusable ? hooks.previous!.containerId! : await createContainer({ graph, target, hooks, poll }, media, content.text, aiGenerated)
			const state = await waitForContainer(graph, containerId, target.accessToken, poll, hooks.signal, holdsVideo)
			if (state === 'PUBLISHED') {
				const found = await findMedia(target, content.text, new Date(Date.now() - CONTAINER_LIFETIME_MS))
				if (found) return found
				throw new PlatformError({ kind: 'unknown_outcome', code: 'transient', message: `container ${containerId} is published but its media is not listed` })
			}
			const post = await graph.post<{ id?: string }>(`${target.pageId}/media_publish`, { creation_id: containerId }, target.accessToken, { creates: true, signal: hooks.signal })
			if (!post.id) throw new PlatformError({ kind: 'unknown_outcome', code: 'transient', message: 'media_publish answered without a media id' })
			await hooks.checkpoint({ containerId, mediaId: post.id })
			return { externalId: post.id, url: await permalink(graph, target, post.id) }
		},

		/** Never publishes: a checkpointed container tells whether the post went live, the caption finds it. */
		async findPublished(target, content, checkpoint, since) {
			if (checkpoint.mediaId) {
				try {
					const media = await graph.get<IgMedia>(checkpoint.mediaId, { fields: 'id,permalink' }, target.accessToken)
					return { externalId: media.id, url: media.permalink ?? null }
				} catch (error) {
					if (!(error instanceof PlatformError && error.code === 'not_found')) throw error
				}
			}
			if (!checkpoint.containerId) return findMedia(target, content.text, since)
			const status = await containerStatus(graph, checkpoint.containerId, target.accessToken)
			if (status !== null && status !== 'PUBLISHED') return null
			const found = await findMedia(target, content.text, since)
			if (found || status === null) return found
			throw new PlatformError({ kind: 'transient', code: 'transient', message: `container ${checkpoint.containerId} is published but its media is not listed yet` })
		},

		async followerCount(target) {
			const account = await graph.get<IgAccount>(target.pageId, { fields: 'followers_count' }, target.accessToken)
			return account.followers_count ?? null
		},

		async listComments(target, externalId, since) {
			const comments = await graph.list<IgComment>(`${externalId}/comments`, { fields: 'id,text,timestamp,username,from', limit: 50 }, target.accessToken, { maxPages: 5 })
			return comments
				.map((c) => ({ id: c.id, authorName: c.username ?? c.from?.username ?? '', text: c.text ?? '', createdAt: graphDate(c.timestamp), own: c.from?.id === target.pageId }))
				.filter((c) => c.createdAt >= since)
				.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
		},

		async replyToComment(target, _externalId, commentId, text) {
			const reply = await graph.post<{ id?: string }>(`${commentId}/replies`, { message: text }, target.accessToken, { creates: true })
			if (!reply.id) throw new PlatformError({ kind: 'unknown_outcome', code: 'transient', message: 'Graph answered the reply without an id' })
			return { externalId: reply.id }
		},

		async findReply(target, _externalId, commentId, text) {
			const replies = await graph.list<IgComment>(`${commentId}/replies`, { fields: 'id,text,username,from', limit: 50 }, target.accessToken, { maxPages: 3 })
			const match = replies.find((r) => r.from?.id === target.pageId && sameText(r.text, text))
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

async function permalink(graph: Graph, target: PublishTarget, mediaId: string) {
	try {
		const media = await graph.get<{ permalink?: string }>(mediaId, { fields: 'permalink' }, target.accessToken)
		return media.permalink ?? null
	} catch {
		return null
	}
}

async function metrics(graph: Graph, target: PublishTarget, mediaId: string): Promise<PostMetrics> {
	const counters = await graph.get<{ like_count?: number; comments_count?: number }>(mediaId, { fields: 'like_count,comments_count' }, target.accessToken)
	const insights = await mediaInsights(graph, target, mediaId)
	return { views: insights.views ?? 0, likes: counters.like_count ?? 0, comments: counters.comments_count ?? 0, shares: insights.shares ?? 0 }
}

/** Insights need instagram_manage_insights; without it the counters still stand. */
async function mediaInsights(graph: Graph, target: PublishTarget, mediaId: string): Promise<Record<string, number>> {
	try {
		const body = await graph.get<{ data?: Array<{ name?: string; values?: Array<{ value?: unknown }> }> }>(`${mediaId}/insights`, { metric: 'views,shares' }, target.accessToken)
		const out: Record<string, number> = {}
		for (const item of body.data ?? []) {
			const value = item.values?.[0]?.value
			if (item.name && typeof value === 'number') out[item.name] = value
		}
		return out
	} catch (error) {
		if (error instanceof PlatformError && (error.kind === 'invalid_request' || error.kind === 'permission_missing')) return {}
		throw error
	}
}
