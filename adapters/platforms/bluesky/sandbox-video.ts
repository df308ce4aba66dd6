import { json, type FakeRequest, type FakeResponse, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxVideo } from '../sandbox/store.ts'
import { isPlayableMp4, receiveUpload, TINY_JPEG } from '../sandbox/videos.ts'
import { onXrpc } from './sandbox-identity.ts'
import { bearer, cidOf, graphemes, PDS_HOST, verifySession, xrpcError, type BlueskyFakeContext } from './sandbox-shared.ts'

// The Bluesky fake's video path as docs.bsky.app describes it: com.atproto.server.getServiceAuth on the
// PDS (aud, lxm, exp at most an hour ahead) issues a token for one method of one service; the video
// service (video.bsky.app) answers getUploadLimits (25 videos and 10 GB a day) and uploadVideo?did=&name=
// with a job (the MP4 read as it arrives, at most 100 MB, counted and kept only while small; the same
// file again answers 409 already_exists with its job); getJobStatus reports the job still encoding at
// the first read and done at the second, with the blob stored on the PDS, or JOB_STATE_FAILED for a
// file that is no MP4 with its index. A post embeds a done video as app.bsky.embed.video.

export const VIDEO_HOST = 'video.bsky.app'
const VIDEO_DID = `did:web:${VIDEO_HOST}`
const MAX_VIDEO_BYTES = 100 * 1024 * 1024
const KEEP_BYTES = 16 * 1024 * 1024
const DAILY = { videos: 25, bytes: 10 * 1024 * 1024 * 1024 }
/** app.bsky.embed.video: alt at most 1000 graphemes (and 10 000 bytes). */
const MAX_ALT_GRAPHEMES = 1000
const READS_WHILE_ENCODING = 1

type VideoJob = { jobId: string; did: string; sha256: string; reads: number; playable: boolean; blob: { cid: string; size: number } }

const serviceKind = (aud: string, lxm: string) => `service ${aud} ${lxm}`

export function addVideoRoutes(router: FakeRouter, context: BlueskyFakeContext) {
	const { store, state, base } = context
	const jobs = new Map<string, VideoJob>()
	const usage = new Map<string, { day: string; videos: number; bytes: number }>()
	const today = () => new Date().toISOString().slice(0, 10)
	const usageOf = (did: string) => {
		const current = usage.get(did)
		if (current?.day === today()) return current
		const fresh = { day: today(), videos: 0, bytes: 0 }
		usage.set(did, fresh)
		return fresh
	}

	onXrpc(router, 'GET', 'com.atproto.server.getServiceAuth', (req) => {
		const did = verifySession(context, bearer(req), 'access')
		if (typeof did !== 'string') return did
		const aud = req.query.get('aud') ?? ''
		const lxm = req.query.get('lxm') ?? ''
		const exp = Number(req.query.get('exp') ?? Math.floor(Date.now() / 1000) + 60)
		if (!aud.startsWith('did:')) return xrpcError(400, 'InvalidRequest', 'aud must be a DID')
		const ttl = exp - Math.floor(Date.now() / 1000)
		if (!(ttl > 0)) return xrpcError(400, 'BadExpiration', 'expiration is in past')
		if (ttl > 3600) return xrpcError(400, 'BadExpiration', 'cannot request a token with an expiration more than an hour in the future')
		if (!lxm) return xrpcError(400, 'InvalidRequest', 'the sandbox issues service tokens for one method (lxm) only')
		return json(200, { token: store.issueToken({ platform: 'bluesky', subject: did, kind: serviceKind(aud, lxm) }, ttl) })
	})

	/** The DID a service token stands for, for this audience and method; else the service's 401. */
	function serviceCaller(req: FakeRequest, aud: string, lxm: string): string | FakeResponse {
		const claims = store.verifyToken(bearer(req))
		if (!claims || claims.platform !== 'bluesky' || claims.kind !== serviceKind(aud, lxm)) return xrpcError(401, 'AuthMissing', 'a service token for this method is required')
		return claims.subject
	}

	const videoRoute = (name: string) => `${name.split(' ')[0]} /host/${VIDEO_HOST}/xrpc/${name.split(' ')[1]}`

	router.on(videoRoute('GET app.bsky.video.getUploadLimits'), (req) => {
		const did = serviceCaller(req, VIDEO_DID, 'app.bsky.video.getUploadLimits')
		if (typeof did !== 'string') return did
		const used = usageOf(did)
		const remainingDailyVideos = Math.max(0, DAILY.videos - used.videos)
		const remainingDailyBytes = Math.max(0, DAILY.bytes - used.bytes)
		const canUpload = remainingDailyVideos > 0 && remainingDailyBytes > 0
		return json(200, { canUpload, remainingDailyVideos, remainingDailyBytes, ...(canUpload ? {} : { error: 'daily_limit', message: 'You have reached your daily upload limit' }) })
	})

	router.onStream(videoRoute('POST app.bsky.video.uploadVideo'), async (req) => {
		const did = serviceCaller(req, `did:web:${PDS_HOST}`, 'com.atproto.repo.uploadBlob')
		const received = await receiveUpload(req.stream!, KEEP_BYTES)
		if (typeof did !== 'string') return did
		if (req.query.get('did') !== did) return xrpcError(400, 'InvalidRequest', 'did does not match the token')
		if (!req.query.get('name')) return xrpcError(400, 'InvalidRequest', 'name is required')
		if (req.headers['content-type'] !== 'video/mp4') return xrpcError(400, 'InvalidRequest', 'the body must be video/mp4')
		if (received.bytes > MAX_VIDEO_BYTES) return xrpcError(400, 'InvalidRequest', `file too large: ${received.bytes} bytes, at most ${MAX_VIDEO_BYTES}`)
		const earlier = [...jobs.values()].find((job) => job.did === did && job.sha256 === received.sha256)
		if (earlier) return json(409, { error: 'already_exists', message: 'Video already processed', jobId: earlier.jobId })
		const used = usageOf(did)
		if (used.videos >= DAILY.videos || used.bytes + received.bytes > DAILY.bytes) return xrpcError(400, 'InvalidRequest', 'You have reached your daily upload limit')
		used.videos += 1
		used.bytes += received.bytes
		const cid = cidOf('video', received.sha256)
		const job: VideoJob = { jobId: store.nextId('job-'), did, sha256: received.sha256, reads: 0, playable: isPlayableMp4(received), blob: { cid, size: received.bytes } }
		jobs.set(job.jobId, job)
		if (job.playable) state.blobs.set(cid, { mimeType: 'video/mp4', size: received.bytes, bytes: received.kept })
		return json(200, { jobStatus: jobJson(job) })
	})

	router.on(videoRoute('GET app.bsky.video.getJobStatus'), (req) => {
		const job = jobs.get(req.query.get('jobId') ?? '')
		if (!job) return xrpcError(400, 'InvalidRequest', 'job not found')
		job.reads += 1
		return json(200, { jobStatus: jobJson(job) })
	})

	// The thumbnail the video service makes of every video (the feed page's poster).
	router.on(`GET /host/${VIDEO_HOST}/watch/:did/:cid/thumbnail.jpg`, () => ({ status: 200, headers: { 'content-type': 'image/jpeg' }, raw: TINY_JPEG }))

	function jobJson(job: VideoJob) {
		const done = job.reads > READS_WHILE_ENCODING
		if (!done) return { jobId: job.jobId, did: job.did, state: job.reads ? 'JOB_STATE_ENCODING' : 'JOB_STATE_CREATED', progress: job.reads ? 50 : 0 }
		if (!job.playable) return { jobId: job.jobId, did: job.did, state: 'JOB_STATE_FAILED', error: 'invalid_video', message: 'The file could not be decoded' }
		return { jobId: job.jobId, did: job.did, state: 'JOB_STATE_COMPLETED', progress: 100, blob: { $type: 'blob', ref: { $link: job.blob.cid }, mimeType: 'video/mp4', size: job.blob.size } }
	}

	return { base }
}

/** Why an app.bsky.embed.video is invalid, as the PDS's validation words it; null when it is valid. */
export function invalidVideoEmbed(context: BlueskyFakeContext, embed: Record<string, unknown>): string | null {
	const blob = embed.video as { $type?: unknown; ref?: { $link?: unknown }; mimeType?: unknown } | undefined
	const stored = typeof blob?.ref?.$link === 'string' ? context.state.blobs.get(blob.ref.$link) : undefined
	if (blob?.$type !== 'blob' || !stored) return `Could not find blob: ${String(blob?.ref?.$link)}`
	if (stored.mimeType !== 'video/mp4') return `Record/embed/video mime type (${stored.mimeType}) is not accepted`
	if (stored.size > MAX_VIDEO_BYTES) return `Record/embed/video file too large (${stored.size} bytes), maximum ${MAX_VIDEO_BYTES}`
	if (embed.alt !== undefined && (typeof embed.alt !== 'string' || graphemes(embed.alt) > MAX_ALT_GRAPHEMES)) return `Record/embed/alt must be a string of at most ${MAX_ALT_GRAPHEMES} graphemes`
	const ratio = embed.aspectRatio as { width?: unknown; height?: unknown } | undefined
	if (ratio !== undefined && !(Number.isInteger(ratio.width) && Number.isInteger(ratio.height) && (ratio.width as number) > 0 && (ratio.height as number) > 0)) {
		return 'Record/embed/aspectRatio must have positive integer width and height'
	}
	return null
}

/** The feed page's video of a post record: served from the PDS when kept, with the service's thumbnail as poster. */
export function postedVideo(context: BlueskyFakeContext, did: string, embed: Record<string, unknown> | undefined): SandboxVideo | null {
	if (embed?.$type !== 'app.bsky.embed.video') return null
	const cid = (embed.video as { ref: { $link: string } }).ref.$link
	const stored = context.state.blobs.get(cid)
	const url = stored?.bytes ? `${context.base}/host/${PDS_HOST}/xrpc/com.atproto.sync.getBlob?did=${encodeURIComponent(did)}&cid=${cid}` : null
	return { kind: 'video', id: cid, url, poster: `${context.base}/host/${VIDEO_HOST}/watch/${encodeURIComponent(did)}/${cid}/thumbnail.jpg`, alt: typeof embed.alt === 'string' ? embed.alt : '', bytes: stored?.size ?? 0 }
}
