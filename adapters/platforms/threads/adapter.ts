import { setTimeout as delay } from 'node:timers/promises'
import {
	PlatformError,
	type PageInfo,
	type PlatformComment,
	type PlatformAdapter,
	type PublishContent,
	type Published,
	type PublishTarget,
	type TokenSet,
} from '#modules/publishing/ports.ts'
import type { AdapterSettings } from '../settings.ts'
import { createThreadsClient, num, str, type Json } from './client.ts'
import { createContainer } from './carousel.ts'
import { badResponse } from './errors.ts'
import { findByText, permalinkOf } from './lookup.ts'

/** threads_read_replies and threads_manage_replies: reading replies and answering them (auto-reply). */
export const THREADS_SCOPES = ['threads_basic', 'threads_content_publish', 'threads_manage_insights', 'threads_read_replies', 'threads_manage_replies']
const MEDIA_METRICS = 'views,likes,replies,reposts,quotes,shares'
const REPLY_FIELDS = 'id,text,username,timestamp,is_reply_owned_by_me'
/** Threads keeps an unpublished container for 24 hours; one published earlier is at most that old. */
const CONTAINER_LIFETIME_MS = 24 * 3600 * 1000

/** Graph's 2026-11-22T08:00:00+0000 as a Date. */
function graphDate(value: string | null) {
	const date = new Date((value ?? '').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))
	return Number.isNaN(date.getTime()) ? new Date(0) : date
}

export type ThreadsAdapterOptions = {
	/** Wait between container status reads (Meta suggests about 30 s for media; text is usually ready at once). */
	pollIntervalMs?: number
	/** Give up on a container still IN_PROGRESS after this long (Meta: at most 5 minutes). */
	maxPollMs?: number
}

/** Threads (graph.threads.net): containers, status polling, then threads_publish (ADAPTERS.md 1.4). */
export function createThreadsAdapter(settings: AdapterSettings, options: ThreadsAdapterOptions = {}): PlatformAdapter {
	const pollIntervalMs = options.pollIntervalMs ?? 5_000
	const maxPollMs = options.maxPollMs ?? 5 * 60_000
	const client = createThreadsClient(settings)

	function tokenSet(body: Json, scopes: Array<string>): TokenSet {
		const accessToken = str(body.access_token)
		if (!accessToken) throw badResponse('token response without access_token')
		const expiresIn = num(body.expires_in)
		return { accessToken, refreshToken: null, expiresAt: expiresIn === null ? null : new Date(Date.now() + expiresIn * 1000), scopes }
	}

	async function followers(userId: string, token: string) {
		const body = await client.get([userId, 'threads_insights'], token, { metric: 'followers_count' })
		const entry = (Array.isArray(body.data) ? (body.data as Array<Json>) : []).find((d) => d.name === 'followers_count')
		return num((entry?.total_value as Json | undefined)?.value)
	}

	/** The Threads profile is the one "page" a Threads account publishes as. */
	async function profile(token: string): Promise<PageInfo> {
		// /me rather than the token response's user_id: that one is a JSON number too large for a double.
		const me = await client.get(['me'], token, { fields: 'id,username,name,threads_profile_picture_url' })
		const id = str(me.id)
		if (!id) throw badResponse('/me without id')
		return {
			pageId: id,
			name: str(me.username) ?? str(me.name) ?? id,
			type: 'personal',
			pictureUrl: str(me.threads_profile_picture_url),
			followerCount: await followers(id, token).catch(() => null),
			accessToken: null,
		}
	}

	async function containerStatus(target: PublishTarget, containerId: string, signal?: AbortSignal) {
		const body = await client.get([containerId], target.accessToken, { fields: 'status,error_message' }, { signal })
		return { status: str(body.status), errorMessage: str(body.error_message) }
	}

	/** Polls until FINISHED; ERROR is 'container_error', for a container that `holdsVideo` 'video_failed' (FAILED_PROCESSING_VIDEO, INVALID_DURATION, …). */
	async function waitUntilFinished(target: PublishTarget, containerId: string, signal?: AbortSignal, holdsVideo = false) {
		const deadline = Date.now() + maxPollMs
		for (;;) {
			const { status, errorMessage } = await containerStatus(target, containerId, signal)
			const failure = (kind: PlatformError['kind'], code: string) =>
				new PlatformError({ kind, code, message: `Threads container ${containerId}: ${status}${errorMessage ? ` (${errorMessage})` : ''}` })
			if (status === 'FINISHED') return
			if (status === 'ERROR') throw failure('invalid_request', holdsVideo ? 'video_failed' : 'container_error')
			if (status === 'EXPIRED') throw failure('transient', 'container_expired')
			// Someone published it already: the post exists, only reconciling can tell which one it is.
			if (status === 'PUBLISHED') throw failure('unknown_outcome', 'bad_response')
			if (status !== 'IN_PROGRESS') throw badResponse(`container ${containerId} in unknown status ${status}`)
			if (Date.now() + pollIntervalMs > deadline) throw failure('transient', 'container_timeout')
			await delay(pollIntervalMs, undefined, { signal }).catch(() => {
				throw new PlatformError({ kind: 'transient', code: 'aborted', message: 'Threads: stopped while waiting for the container' })
			})
		}
	}

	/**
	 * An earlier attempt's container: the post when it was published after all, the container when it
	 * may still be published (IN_PROGRESS or FINISHED), else null (a new one is needed).
	 */
	async function earlierContainer(target: PublishTarget, content: PublishContent, containerId: string, signal?: AbortSignal): Promise<Published | string | null> {
		const status = await containerStatus(target, containerId, signal).then(
			(read) => read.status,
			() => null,
		)
		if (status === 'IN_PROGRESS' || status === 'FINISHED') return containerId
		if (status !== 'PUBLISHED') return null
		const found = await findByText(client, target, content, new Date(Date.now() - CONTAINER_LIFETIME_MS))
		if (found) return found
		throw new PlatformError({ kind: 'unknown_outcome', code: 'bad_response', message: `Threads container ${containerId} is published but the post is not among the recent threads` })
	}

	/** After a server error on threads_publish: the container says whether the post exists. */
	async function publishedAnyway(target: PublishTarget, content: PublishContent, containerId: string, since: Date, cause: PlatformError) {
		try {
			if ((await containerStatus(target, containerId)).status !== 'PUBLISHED') return null
			const found = await findByText(client, target, content, since)
			if (found) return found
		} catch {
			// fall through: nobody knows
		}
		throw new PlatformError({ kind: 'unknown_outcome', code: cause.code, message: cause.message, status: cause.status })
	}

	return {
		platform: 'threads',
		sandbox: settings.sandbox,

		authorizationUrl({ state, redirectUri }) {
			const url = new URL(settings.authorizeUrl)
			url.search = new URLSearchParams({
				client_id: settings.clientId,
				redirect_uri: redirectUri,
				scope: THREADS_SCOPES.join(','),
				response_type: 'code',
				state,
			}).toString()
			return url.toString()
		},

		async exchangeCode({ code, redirectUri }) {
			const short = await client.request(settings.tokenUrl, {
				method: 'POST',
				body: new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code }),
			})
			const shortToken = tokenSet(short, THREADS_SCOPES).accessToken
			// The code gives a 1-hour token; only the exchanged 60-day token is worth storing.
			const long = await client.getRoot('access_token', { grant_type: 'th_exchange_token', client_secret: settings.clientSecret, access_token: shortToken })
			const token = tokenSet(long, THREADS_SCOPES)
			const page = await profile(token.accessToken)
			return { accountId: page.pageId, accountName: page.name, token, pages: [page] }
		},

		async refreshToken(token) {
			try {
				return tokenSet(await client.getRoot('refresh_access_token', { grant_type: 'th_refresh_token', access_token: token.accessToken }), token.scopes)
			} catch (error) {
				if (!(error instanceof PlatformError)) throw error
				const again = (kind: PlatformError['kind'], code: string) => new PlatformError({ kind, code, message: error.message, status: error.status })
				// A token not refreshed within its 60 days is dead for good.
				if (error.kind === 'auth_expired') throw again('auth_expired', 'reconnect_required')
				if (error.kind === 'invalid_request' && /24 hours/i.test(error.message)) throw again('invalid_request', 'refresh_too_early')
				throw error
			}
		},

		async listPages(account) {
			return [await profile(account.accessToken)]
		},

		async publish(target, content, hooks): Promise<Published> {
			const since = new Date()
			const { signal } = hooks
			// A resend publishes the earlier attempt's container while it is unpublished: a late publish of it cannot double the post.
			const earlier = hooks.previous?.containerId ? await earlierContainer(target, content, hooks.previous.containerId, signal) : null
			if (earlier && typeof earlier === 'object') return earlier
			const containerId =
				earlier ??
				(await createContainer(
					{
						client,
						target,
						hooks,
						waitUntilFinished: (id, video) => waitUntilFinished(target, id, signal, video),
						statusOf: (id) => containerStatus(target, id, signal).then((read) => read.status, () => null),
					},
					content,
				))
			await waitUntilFinished(target, containerId, signal, content.media.some((item) => item.kind === 'video'))
			let published: Json
			try {
				published = await client.post([target.pageId, 'threads_publish'], target.accessToken, { creation_id: containerId }, { creates: true, signal })
			} catch (error) {
				if (!(error instanceof PlatformError) || error.code !== 'server_error') throw error
				const found = await publishedAnyway(target, content, containerId, since, error)
				if (found) return found
				throw error
			}
			const mediaId = str(published.id)
			if (!mediaId) throw badResponse('threads_publish without id', { creates: true })
			return { externalId: mediaId, url: await permalinkOf(client, mediaId, target.accessToken) }
		},

		async findPublished(target, content, checkpoint, since) {
			const containerId = checkpoint.containerId
			if (!containerId) return findByText(client, target, content, since)
			let status: string | null = null
			try {
				status = (await containerStatus(target, containerId)).status
			} catch (error) {
				// A container that is gone (expired, unknown after a sandbox restart) leaves only the text search.
				if (!(error instanceof PlatformError) || error.kind !== 'invalid_request') throw error
			}
			// IN_PROGRESS, FINISHED, ERROR and EXPIRED containers were never published.
			if (status !== null && status !== 'PUBLISHED') return null
			const found = await findByText(client, target, content, since)
			if (found || status === null) return found
			throw badResponse(`container ${containerId} is PUBLISHED but the post is not among the recent threads yet`)
		},

		async followerCount(target) {
			return followers(target.pageId, target.accessToken)
		},

		async listComments(target, externalId, since) {
			const out: Array<PlatformComment> = []
			let page: Json | null = await client.get([externalId, 'replies'], target.accessToken, { fields: REPLY_FIELDS, reverse: 'false' })
			for (let n = 0; page && n < 5; n++) {
				for (const item of Array.isArray(page.data) ? (page.data as Array<Json>) : []) {
					const id = str(item.id)
					const createdAt = graphDate(str(item.timestamp))
					if (!id || createdAt < since) continue
					out.push({ id, authorName: str(item.username) ?? '', text: str(item.text) ?? '', createdAt, own: item.is_reply_owned_by_me === true })
				}
				page = await client.follow((page.paging as Json | undefined)?.next)
			}
			return out.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
		},

		/** A reply is a post of its own: a TEXT container with reply_to_id, then threads_publish (the creating call). */
		async replyToComment(target, _externalId, commentId, text) {
			const container = await client.post([target.pageId, 'threads'], target.accessToken, { media_type: 'TEXT', text, reply_to_id: commentId })
			const containerId = str(container.id)
			if (!containerId) throw badResponse('reply container without id')
			await waitUntilFinished(target, containerId)
			const published = await client.post([target.pageId, 'threads_publish'], target.accessToken, { creation_id: containerId }, { creates: true })
			const id = str(published.id)
			if (!id) throw badResponse('threads_publish without id', { creates: true })
			return { externalId: id }
		},

		/** The first comment is a reply to the post itself (reply_to_id = the post), published as any reply; its link is its permalink. */
		async commentOnPost(target, externalId, text) {
			const reply = await this.replyToComment(target, externalId, externalId, text)
			return { externalId: reply.externalId, url: await permalinkOf(client, reply.externalId, target.accessToken) }
		},

		async findReply(target, _externalId, commentId, text) {
			const body = await client.get([commentId, 'replies'], target.accessToken, { fields: REPLY_FIELDS })
			const wanted = text.replace(/\r\n/g, '\n').trim()
			for (const item of Array.isArray(body.data) ? (body.data as Array<Json>) : []) {
				const id = str(item.id)
				if (id && item.is_reply_owned_by_me === true && (str(item.text) ?? '').replace(/\r\n/g, '\n').trim() === wanted) return { externalId: id }
			}
			return null
		},

		async postMetrics(target, externalId) {
			const body = await client.get([externalId, 'insights'], target.accessToken, { metric: MEDIA_METRICS })
			const data = Array.isArray(body.data) ? (body.data as Array<Json>) : []
			if (!data.length) return null
			const value = (name: string) => {
				const entry = data.find((d) => d.name === name)
				const values = entry?.values as Array<Json> | undefined
				return num(values?.[0]?.value) ?? num((entry?.total_value as Json | undefined)?.value) ?? 0
			}
			// Reposts and quotes are how Threads shares; `shares` counts sends by link or message.
			return { views: value('views'), likes: value('likes'), comments: value('replies'), shares: value('reposts') + value('quotes') + value('shares') }
		},
	}
}
