import { setTimeout as sleep } from 'node:timers/promises'
import { PlatformError, type PublishHooks, type PublishTarget, type PublishVideo } from '#modules/publishing/ports.ts'
import { fetchCover, uploadTimeoutMs, videoLength, videoPart } from '../video-source.ts'
import { encodeUrn } from './api.ts'
import type { Context } from './publish.ts'

// LinkedIn's Videos API (learn.microsoft.com/linkedin/marketing/community-management/shares/videos-api):
// POST /rest/videos?action=initializeUpload {owner, fileSizeBytes, uploadCaptions, uploadThumbnail} answers
// the video URN, an upload token and uploadInstructions (an upload URL per byte range, 4 MB parts); each
// part goes up in one PUT whose ETag is collected; finalizeUpload {video, uploadToken, uploadedPartIds}
// closes the upload; GET /rest/videos/{urn} reports WAITING_UPLOAD, PROCESSING, AVAILABLE or
// PROCESSING_FAILED. A post names an AVAILABLE video as content.media {id, title}.

export type VideoStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED'

type UploadInstruction = { uploadUrl?: string; firstByte?: number; lastByte?: number }
type Initialized = { video?: string; uploadToken?: string; uploadInstructions?: Array<UploadInstruction>; thumbnailUploadUrl?: string }

/**
 * The post's video as an AVAILABLE LinkedIn video URN: the one an earlier attempt finalized
 * (checkpoint `videoUrn`) while LinkedIn still has it processing or ready, else a new upload, read
 * from our URL one part (byte range) at a time. The URN is checkpointed once the upload is finalized,
 * before the wait, so a retry after "still processing" waits for the same video and a reconcile finds
 * the post by it.
 */
export async function uploadedVideo(ctx: Context, target: PublishTarget, video: PublishVideo, hooks: PublishHooks): Promise<string> {
	const earlier = hooks.previous?.videoUrn
	if (earlier && (await reusable(ctx, target, earlier, hooks.signal))) {
		await waitUntilVideoAvailable(ctx, target, earlier, hooks.signal)
		return earlier
	}
	const urn = await uploadVideo(ctx, target, video, hooks.signal)
	await hooks.checkpoint({ videoUrn: urn })
	await waitUntilVideoAvailable(ctx, target, urn, hooks.signal)
	return urn
}

async function uploadVideo({ api, settings }: Context, target: PublishTarget, video: PublishVideo, signal?: AbortSignal): Promise<string> {
	const size = await videoLength(settings, video.url, signal)
	const cover = video.coverUrl ? await fetchCover(settings, video.coverUrl, signal) : null
	const init = await api.getJson<{ value?: Initialized }>('/rest/videos?action=initializeUpload', target.accessToken, {
		method: 'POST',
		json: { initializeUploadRequest: { owner: target.pageId, fileSizeBytes: size, uploadCaptions: false, uploadThumbnail: Boolean(cover) } },
		signal,
	})
	const { video: urn, uploadToken, uploadInstructions, thumbnailUploadUrl } = init.value ?? {}
	if (!urn || !uploadInstructions?.length) throw new PlatformError({ kind: 'transient', code: 'bad_response', message: 'LinkedIn initializeUpload without video or uploadInstructions' })
	const etags: Array<string> = []
	for (const part of uploadInstructions) {
		const { uploadUrl, firstByte, lastByte } = part
		if (!uploadUrl || !Number.isSafeInteger(firstByte) || !Number.isSafeInteger(lastByte)) throw new PlatformError({ kind: 'transient', code: 'bad_response', message: 'LinkedIn upload instruction without URL or byte range' })
		// One part (4 MB) in memory at a time, read by its byte range from our file.
		const bytes = await videoPart(settings, video.url, firstByte!, lastByte!, signal)
		const result = await api.request(uploadUrl, target.accessToken, {
			method: 'PUT',
			body: bytes,
			headers: { 'content-type': 'application/octet-stream' },
			signal,
			timeoutMs: uploadTimeoutMs(settings.timeoutMs, bytes.length),
		})
		const etag = result.headers.get('etag')
		if (!etag) throw new PlatformError({ kind: 'transient', code: 'bad_response', message: `LinkedIn answered a video part without an ETag (${firstByte}-${lastByte})` })
		etags.push(etag)
	}
	if (cover) {
		if (!thumbnailUploadUrl) throw new PlatformError({ kind: 'transient', code: 'bad_response', message: 'LinkedIn initializeUpload without thumbnailUploadUrl' })
		await api.request(thumbnailUploadUrl, target.accessToken, { method: 'PUT', body: cover.bytes, headers: { 'content-type': 'application/octet-stream' }, signal })
	}
	await api.request('/rest/videos?action=finalizeUpload', target.accessToken, {
		method: 'POST',
		json: { finalizeUploadRequest: { video: urn, uploadToken: uploadToken ?? '', uploadedPartIds: etags } },
		signal,
	})
	return urn
}

async function videoStatus({ api }: Context, target: PublishTarget, urn: string, signal?: AbortSignal): Promise<VideoStatus | undefined> {
	return (await api.getJson<{ status?: VideoStatus }>(`/rest/videos/${encodeUrn(urn)}`, target.accessToken, { signal })).status
}

/** An earlier attempt's video LinkedIn still processes or has ready; gone, refused or failed ones are uploaded anew. */
async function reusable(ctx: Context, target: PublishTarget, urn: string, signal?: AbortSignal) {
	try {
		const status = await videoStatus(ctx, target, urn, signal)
		return status === 'AVAILABLE' || status === 'PROCESSING'
	} catch (error) {
		if (error instanceof PlatformError && (error.code === 'not_found' || error.kind === 'permission_missing')) return false
		throw error
	}
}

/**
 * Polls until LinkedIn has processed the video. Failed: invalid_request 'video_failed' (LinkedIn refused
 * the file); still processing after the attempts: transient 'video_processing' (the retry waits for the
 * same, checkpointed video).
 */
async function waitUntilVideoAvailable(ctx: Context, target: PublishTarget, urn: string, signal?: AbortSignal) {
	// A video takes LinkedIn minutes to process: five minutes of polling by default.
	const { videoPollAttempts = 60, videoPollIntervalMs = 5000 } = ctx.options
	for (let attempt = 0; attempt < videoPollAttempts; attempt += 1) {
		const status = await videoStatus(ctx, target, urn, signal)
		if (status === 'AVAILABLE') return
		if (status === 'PROCESSING_FAILED') throw new PlatformError({ kind: 'invalid_request', code: 'video_failed', message: `LinkedIn could not process ${urn}` })
		await sleep(videoPollIntervalMs, undefined, { signal })
	}
	throw new PlatformError({ kind: 'transient', code: 'video_processing', message: `LinkedIn is still processing ${urn}` })
}
