import { setTimeout as sleep } from 'node:timers/promises'
import { PlatformError, type PublishHooks, type PublishMedia, type PublishTarget } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from '../settings.ts'
import { encodeUrn, type LinkedinApi } from './api.ts'
import { imageType } from './image-type.ts'
import type { Context } from './publish.ts'

/**
 * The post's images as LinkedIn image URNs, in order, each AVAILABLE: every image downloaded and
 * checked first, then uploaded (initializeUpload, one PUT). The URNs are checkpointed before the post
 * (one as imageUrn, several as imageUrns), so a reconcile finds the post by its first image, and a
 * resend reuses them while LinkedIn still holds them.
 */
export async function uploadedImages(ctx: Context, target: PublishTarget, media: Array<PublishMedia>, hooks: PublishHooks): Promise<Array<string>> {
	if (!media.length) return []
	const earlier = hooks.previous?.imageUrns?.split(',') ?? (hooks.previous?.imageUrn ? [hooks.previous.imageUrn] : [])
	if (earlier.length === media.length && (await stillThere(ctx, target, earlier, hooks.signal))) {
		for (const urn of earlier) await waitUntilAvailable(ctx, target, urn, hooks.signal)
		return earlier
	}
	const images = []
	for (const item of media) images.push(await fetchImage(ctx.settings, item.url, hooks.signal))
	const urns: Array<string> = []
	for (const bytes of images) urns.push(await uploadImage(ctx.api, target, bytes, hooks.signal))
	await hooks.checkpoint(urns.length === 1 ? { imageUrn: urns[0]! } : { imageUrns: urns.join(',') })
	for (const urn of urns) await waitUntilAvailable(ctx, target, urn, hooks.signal)
	return urns
}

/** Whether LinkedIn still knows every image (a member token that may not read images counts as yes). */
async function stillThere({ api }: Context, target: PublishTarget, urns: Array<string>, signal?: AbortSignal) {
	for (const urn of urns) {
		try {
			const status = (await api.getJson<{ status?: string }>(`/rest/images/${encodeUrn(urn)}`, target.accessToken, { signal })).status
			if (status === 'PROCESSING_FAILED' || status === 'WAITING_UPLOAD') return false
		} catch (error) {
			if (error instanceof PlatformError && error.kind === 'permission_missing') continue
			return false
		}
	}
	return true
}

async function fetchImage(settings: AdapterSettings, url: string, signal?: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
	const timeout = AbortSignal.timeout(settings.timeoutMs)
	const failed = (kind: 'transient' | 'invalid_request', message: string, status: number | null = null) =>
		new PlatformError({ kind, code: 'image_unreachable', message: `Image ${url}: ${message}`, status })
	let bytes: Uint8Array<ArrayBuffer>
	try {
		const response = await settings.mediaFetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
		if (!response.ok) throw failed(response.status >= 500 || response.status === 429 ? 'transient' : 'invalid_request', `HTTP ${response.status}`, response.status)
		bytes = new Uint8Array(await response.arrayBuffer())
	} catch (error) {
		if (error instanceof PlatformError) throw error
		throw failed('transient', error instanceof Error ? error.message : String(error))
	}
	if (!imageType(bytes)) {
		throw new PlatformError({ kind: 'invalid_request', code: 'image_format', message: `Image ${url}: LinkedIn takes JPEG, PNG or GIF` })
	}
	return bytes
}

async function uploadImage(api: LinkedinApi, target: PublishTarget, bytes: Uint8Array<ArrayBuffer>, signal?: AbortSignal) {
	const init = await api.getJson<{ value?: { uploadUrl?: string; image?: string } }>('/rest/images?action=initializeUpload', target.accessToken, {
		method: 'POST',
		json: { initializeUploadRequest: { owner: target.pageId } },
		signal,
	})
	const { uploadUrl, image } = init.value ?? {}
	if (!uploadUrl || !image) throw new PlatformError({ kind: 'transient', code: 'bad_response', message: 'LinkedIn initializeUpload without uploadUrl or image' })
	// One PUT with the whole image: chunked uploads exist for videos only.
	await api.request(uploadUrl, target.accessToken, {
		method: 'PUT',
		body: bytes,
		headers: { 'content-type': 'application/octet-stream' },
		signal,
	})
	return image
}

async function waitUntilAvailable({ api, options }: Context, target: PublishTarget, imageUrn: string, signal?: AbortSignal) {
	for (let attempt = 0; attempt < options.imagePollAttempts; attempt += 1) {
		let status: string | undefined
		try {
			status = (await api.getJson<{ status?: string }>(`/rest/images/${encodeUrn(imageUrn)}`, target.accessToken, { signal })).status
		} catch (error) {
			// A member token (w_member_social only) may not read images: give LinkedIn one interval instead.
			if (error instanceof PlatformError && error.kind === 'permission_missing') {
				await sleep(options.imagePollIntervalMs)
				return
			}
			throw error
		}
		if (status === 'AVAILABLE') return
		if (status === 'PROCESSING_FAILED') {
			throw new PlatformError({ kind: 'invalid_request', code: 'image_failed', message: `LinkedIn could not process ${imageUrn}` })
		}
		await sleep(options.imagePollIntervalMs)
	}
	throw new PlatformError({ kind: 'transient', code: 'image_processing', message: `LinkedIn is still processing ${imageUrn}` })
}
