import { randomUUID } from 'node:crypto'
import type { AccountLimits, Checkpoint, PublishContent, Published, PublishHooks, PublishTarget } from '#modules/publishing/ports.ts'
import { altTextFor, checkedMedia } from '#modules/publishing/publish-media.ts'
import type { AdapterSettings } from '../settings.ts'
import { localId, serverOf } from './account.ts'
import { dateOf, str, type Json, type MastodonClient } from './client.ts'
import { mastodonDescriptor } from './descriptor.ts'
import { badResponse, invalid } from './errors.ts'
import type { InstanceReader } from './instance.ts'
import { mastodonLength } from './length.ts'
import { downloadImage, stillUnattached, uploadImage, type MediaPolling } from './media.ts'
import { sameText } from './plain-text.ts'
import { checkedVideoSize, earlierVideo, uploadVideo, waitForVideo } from './video.ts'

const PAGE_SIZE = 40
const MAX_PAGES = 5
// Our clock and the instance's may differ a little; a wider window only costs a few more rows.
const CLOCK_SLACK_MS = 2 * 60_000

/** Publishing a status (text, up to four images with their descriptions) and finding it again after an unknown outcome. */
export function createPublishing(settings: AdapterSettings, client: MastodonClient, instances: InstanceReader, polling: MediaPolling) {
	/** The instance's own text limit, checked before anything is sent. Without its limits the instance's 422 decides. */
	async function checkLength(server: string, text: string) {
		const limits = await instances.read(server).then(
			(info) => info.limits,
			() => null,
		)
		if (!limits?.textLimit) return limits
		const length = mastodonLength(text, limits.urlLength ?? undefined)
		if (length > limits.textLimit) throw invalid('text_too_long', `${length} characters; ${new URL(server).hostname} allows ${limits.textLimit}`)
		return limits
	}

	async function publish(target: PublishTarget, content: PublishContent, hooks: PublishHooks): Promise<Published> {
		const server = serverOf(target)
		const { signal } = hooks
		const limits = await checkLength(server, content.text)
		if (!content.text.trim() && !content.media.length) throw invalid('invalid_request', 'a status needs text or an image')
		const mediaIds = await attachments(server, target, content, limits, hooks)
		// The instance answers a repeated key with the status it created (for an hour); saved first so a crash
		// cannot lose it, and a resend after an unknown outcome sends the earlier attempt's key again.
		const idempotencyKey = hooks.previous?.idempotencyKey ?? randomUUID()
		if (idempotencyKey !== hooks.previous?.idempotencyKey) await hooks.checkpoint({ idempotencyKey })
		const status = await client.request(server, '/api/v1/statuses', {
			method: 'POST',
			token: target.accessToken,
			json: { status: content.text, media_ids: mediaIds, visibility: 'public' },
			headers: { 'idempotency-key': idempotencyKey },
			creates: true,
			signal,
		})
		const id = str(status.id)
		if (!id) throw badResponse('POST /api/v1/statuses without id', { creates: true })
		return { externalId: id, url: str(status.url) ?? str(status.uri) }
	}

	/**
	 * The uploads in the post's order, each with its alt text as `description`: the earlier attempt's
	 * (checkpointed) while the instance still holds them unattached, else new ones, checkpointed before
	 * the status is sent. Every image is downloaded and checked before the first upload.
	 */
	async function attachments(server: string, target: PublishTarget, content: PublishContent, limits: AccountLimits | null, hooks: PublishHooks) {
		const { signal } = hooks
		const media = checkedMedia(mastodonDescriptor, content, limits?.maxImages ?? null)
		if (!media.length) return []
		const earlier = hooks.previous?.mediaIds?.split(',') ?? []
		if (earlier.length === media.length) {
			const usable = await Promise.all(earlier.map((id) => stillUnattached(client, server, target.accessToken, id, signal)))
			if (usable.every(Boolean)) return earlier
		}
		const video = media.find((item) => item.kind === 'video')
		if (video) {
			// checkedMedia refused a video beside other items (a status has images or one video): it is the only one.
			// The earlier attempt's upload while the instance still holds it (a retry after 'still processing').
			const earlier = hooks.previous?.mediaIds ? await earlierVideo(client, server, target.accessToken, hooks.previous.mediaIds, signal) : null
			let upload = earlier
			if (!upload) {
				const info = await instances.read(server).catch(() => null)
				const size = await checkedVideoSize(settings, video, info?.video ?? null, signal)
				upload = await uploadVideo(settings, client, server, target.accessToken, { video, description: altTextFor(mastodonDescriptor, video) }, size, signal)
				// Saved before the wait: a retry waits for the same upload instead of sending the file again.
				await hooks.checkpoint({ mediaIds: upload.id })
			}
			if (upload.processing) await waitForVideo(client, server, target.accessToken, upload.id, polling, signal)
			return [upload.id]
		}
		const images = []
		for (const item of media) images.push({ image: await downloadImage(settings, item.url, limits, signal), description: altTextFor(mastodonDescriptor, item) })
		const ids: Array<string> = []
		for (const upload of images) ids.push(await uploadImage(client, server, target.accessToken, upload, polling, signal))
		await hooks.checkpoint({ mediaIds: ids.join(',') })
		return ids
	}

	/**
	 * The status among the account's own (no replies, no boosts) since `since` with the same text and
	 * kind (with or without an image). With several equal ones the oldest in the window is ours.
	 */
	async function findPublished(target: PublishTarget, content: PublishContent, _checkpoint: Checkpoint, since: Date): Promise<Published | null> {
		const server = serverOf(target)
		const from = since.getTime() - CLOCK_SLACK_MS
		let match: Published | null = null
		let maxId: string | undefined
		for (let page = 0; page < MAX_PAGES; page++) {
			const statuses = await client.list(server, `/api/v1/accounts/${encodeURIComponent(localId(target.accountId))}/statuses`, {
				token: target.accessToken,
				query: { limit: String(PAGE_SIZE), exclude_replies: 'true', exclude_reblogs: 'true', max_id: maxId },
			})
			let older = false
			for (const status of statuses) {
				if (dateOf(status.created_at).getTime() < from) {
					older = true
					continue
				}
				const id = str(status.id)
				if (id && sameText(status.content, content.text) && attachedCount(status) === content.media.length) match = { externalId: id, url: str(status.url) ?? str(status.uri) }
			}
			maxId = str(statuses.at(-1)?.id) ?? undefined
			if (older || statuses.length < PAGE_SIZE || !maxId) break
		}
		return match
	}

	return { publish, findPublished }
}

function attachedCount(status: Json) {
	return Array.isArray(status.media_attachments) ? status.media_attachments.length : 0
}
