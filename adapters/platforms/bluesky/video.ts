import { setTimeout as sleep } from 'node:timers/promises'
import type { PublishHooks, PublishTarget, PublishVideo } from '#modules/publishing/ports.ts'
import { countText } from '#modules/publishing/counting.ts'
import { altTextFor } from '#modules/publishing/publish-media.ts'
import type { AdapterSettings } from '../settings.ts'
import { uploadTimeoutMs, videoLength, videoStream } from '../video-source.ts'
import { num, str, type Json, type Xrpc } from './client.ts'
import { blueskyDescriptor } from './descriptor.ts'
import { badResponse, failure } from './errors.ts'

// A video on Bluesky (docs.bsky.app, "Uploading video"): through Bluesky's video service, not the PDS's
// uploadBlob, because only the service transcodes it into the stream the apps play and checks it. Each
// call carries a service-auth token the PDS issues (com.atproto.server.getServiceAuth): for
// app.bsky.video.getUploadLimits with aud did:web:video.bsky.app, for app.bsky.video.uploadVideo with
// aud = the PDS's did:web and lxm com.atproto.repo.uploadBlob (the service stores the result on the PDS
// as a blob on the account's behalf). uploadVideo?did=&name= takes the MP4 as the body and answers a
// job; app.bsky.video.getJobStatus?jobId= is read until JOB_STATE_COMPLETED with the blob (or
// JOB_STATE_FAILED); the post embeds it as app.bsky.embed.video {video, alt, aspectRatio}.

export const VIDEO_SERVICE = 'https://video.bsky.app'
const SERVICE_DID = `did:web:${new URL(VIDEO_SERVICE).hostname}`
const COMPLETED = 'JOB_STATE_COMPLETED'
const FAILED = 'JOB_STATE_FAILED'
const SERVICE_AUTH_SECONDS = 30 * 60
/** app.bsky.embed.video's alt: at most 1000 graphemes (images' alt has no limit in the lexicon). */
const MAX_VIDEO_ALT = 1000

export type VideoPolling = { videoPollIntervalMs: number; videoPollAttempts: number }
type Job = { jobId: string; state: string; blob: Json | null; error: string | null }

type Context = { settings: AdapterSettings; xrpc: Xrpc; polling: VideoPolling }

/** The embed of the post's video: the earlier attempt's job while the service still knows it, else a new upload; the job id is checkpointed before the wait. */
export async function videoEmbed({ settings, xrpc, polling }: Context, pds: string, target: PublishTarget, video: PublishVideo, hooks: PublishHooks): Promise<Json> {
	const { signal } = hooks
	const alt = altTextFor(blueskyDescriptor, video) ?? ''
	if (countText('graphemes', alt) > MAX_VIDEO_ALT) throw failure('invalid_request', 'alt_text_too_long', `a video's alt takes at most ${MAX_VIDEO_ALT} graphemes`)
	let job = hooks.previous?.videoJobId ? await jobStatus(xrpc, hooks.previous.videoJobId, signal).catch(() => null) : null
	if (!job || job.state === FAILED) {
		const size = await videoLength(settings, video.url, signal)
		const maxBytes = blueskyDescriptor.media.video?.maxBytes ?? Number.POSITIVE_INFINITY
		if (size > maxBytes) throw failure('invalid_request', 'video_too_large', `${size} bytes, the video service takes at most ${maxBytes}`)
		await checkUploadLimits(xrpc, pds, target, size, signal)
		job = await upload({ settings, xrpc, polling }, pds, target, video, size, signal)
		await hooks.checkpoint({ videoJobId: job.jobId })
	}
	const blob = await completed(xrpc, job, polling, signal)
	const embed: Json = { $type: 'app.bsky.embed.video', video: blob, alt }
	if (video.width && video.height) embed.aspectRatio = { width: video.width, height: video.height }
	return embed
}

/** A service-auth token from the user's PDS for one method (`lxm`) of one service (`aud`). */
async function serviceAuth(xrpc: Xrpc, pds: string, target: PublishTarget, aud: string, lxm: string, signal?: AbortSignal) {
	const exp = String(Math.floor(Date.now() / 1000) + SERVICE_AUTH_SECONDS)
	const body = await xrpc.get(pds, 'com.atproto.server.getServiceAuth', { aud, lxm, exp }, { token: target.accessToken, signal })
	const token = str(body.token)
	if (!token) throw badResponse('getServiceAuth without token')
	return token
}

/** getUploadLimits: refused ('video_upload_limit') when the account may not upload today or has fewer bytes left than the video has. */
async function checkUploadLimits(xrpc: Xrpc, pds: string, target: PublishTarget, size: number, signal?: AbortSignal) {
	const token = await serviceAuth(xrpc, pds, target, SERVICE_DID, 'app.bsky.video.getUploadLimits', signal)
	const limits = await xrpc.get(VIDEO_SERVICE, 'app.bsky.video.getUploadLimits', {}, { token, signal })
	const remaining = num(limits.remainingDailyBytes)
	if (limits.canUpload !== true || (remaining !== null && remaining < size)) {
		throw failure('invalid_request', 'video_upload_limit', str(limits.message) ?? str(limits.error) ?? `canUpload ${String(limits.canUpload)}, ${remaining} bytes left today`)
	}
}

/** The MP4 streamed from our URL to uploadVideo; a video the service already has answers with its job (409 already_exists). */
async function upload({ settings, xrpc }: Context, pds: string, target: PublishTarget, video: PublishVideo, size: number, signal?: AbortSignal): Promise<Job> {
	const token = await serviceAuth(xrpc, pds, target, `did:web:${new URL(pds).hostname}`, 'com.atproto.repo.uploadBlob', signal)
	const url = new URL('/xrpc/app.bsky.video.uploadVideo', VIDEO_SERVICE)
	url.searchParams.set('did', target.accountId)
	url.searchParams.set('name', `${Date.now().toString(36)}.mp4`)
	const result = await xrpc.send(url.href, {
		method: 'POST',
		token,
		headers: { 'content-type': 'video/mp4' },
		body: await videoStream(settings, video.url, signal),
		signal,
		timeoutMs: uploadTimeoutMs(settings.timeoutMs, size),
	})
	const json = (result.json ?? {}) as Json
	const job = jobOf((json.jobStatus as Json | undefined) ?? json)
	if (result.status === 409 && job) return job
	if (result.status < 200 || result.status >= 300) {
		const retry = result.status >= 500 || result.status === 429
		throw failure(retry ? 'transient' : 'invalid_request', retry ? 'server_error' : 'invalid_request', `uploadVideo: HTTP ${result.status} ${str(json.message) ?? ''}`.trim(), { status: result.status })
	}
	if (!job) throw badResponse('uploadVideo without jobId')
	return job
}

function jobOf(body: Json): Job | null {
	const jobId = str(body.jobId)
	if (!jobId) return null
	return { jobId, state: str(body.state) ?? '', blob: body.blob && typeof body.blob === 'object' ? (body.blob as Json) : null, error: str(body.error) ?? str(body.message) }
}

async function jobStatus(xrpc: Xrpc, jobId: string, signal?: AbortSignal): Promise<Job> {
	const body = await xrpc.get(VIDEO_SERVICE, 'app.bsky.video.getJobStatus', { jobId }, { signal })
	const job = jobOf((body.jobStatus ?? {}) as Json)
	if (!job) throw badResponse('getJobStatus without jobStatus')
	return job
}

/** Reads the job until it is done: its blob, or 'video_failed'; still running after the attempts: 'video_processing' (the retry reads the same job). */
async function completed(xrpc: Xrpc, first: Job, { videoPollIntervalMs, videoPollAttempts }: VideoPolling, signal?: AbortSignal): Promise<Json> {
	let job = first
	for (let attempt = 0; ; attempt += 1) {
		if (job.state === COMPLETED && job.blob) return job.blob
		if (job.state === FAILED) throw failure('invalid_request', 'video_failed', `video job ${job.jobId}: ${job.error ?? 'failed'}`)
		if (attempt >= videoPollAttempts) throw failure('transient', 'video_processing', `video job ${job.jobId} still ${job.state || 'running'}`)
		await sleep(videoPollIntervalMs, undefined, { signal })
		job = await jobStatus(xrpc, job.jobId, signal)
	}
}
