import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import { mediaPath, type FileStore } from '#modules/core/files.server.ts'
import { enqueue } from '#modules/core/jobs.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { once } from '#modules/core/request-keys.server.ts'
import { InputError } from './errors.ts'
import { importMediaUrl, type MediaUrlFetch } from './media-url.server.ts'
import { readImage } from './images.server.ts'
import { IMAGE_MAX_BYTES } from './kinds.ts'
import { mediaProcessJob, mediaProcessJobKey } from './media-jobs.ts'
import { chooseCover, type CoverChoice } from './choose-cover.server.ts'
import { createMediaProcessor, VARIANT_DONE, type MediaSettledHook } from './media-process.server.ts'
import { processedMediaOf } from './processed-media.server.ts'
import { probeVideo } from './probe-video.server.ts'
import { isImageType, sniff } from './sniff.ts'
import { publishableVideoTarget, targetRule, type PublishableTarget } from './transcode-target.ts'
import { readUploadBody, UploadCutOffError, UploadTooLargeError, type UploadBody } from './upload-body.server.ts'
import type { VideoTools } from './video-tools.server.ts'

// A post's own media uploaded by the user (creator, editor, REST API; ADR 0054): judged by its first
// bytes, then streamed into the file store as it arrives with its kind's size limit enforced on the
// way. Images stay as before (read whole within 10 MB, stored as a JPEG without metadata); videos
// and PDFs are stored as they are; a video is probed with ffprobe from a local copy made while it
// streams, and refused (and deleted) when ffprobe cannot read it. Once per request id. A stored video
// gets its media_process job in the same transaction (ADR 0059), which makes its publishable variant.

export type UploadedMediaKind = 'image' | 'video' | 'document'

/** The largest file of each kind (videos and PDFs: the largest figure any network's descriptor allows). */
export type UploadLimits = { videoMaxBytes: number; documentMaxBytes: number }

export type StoredMedia = {
	key: string
	url: string
	kind: UploadedMediaKind
	contentType: string
	bytes: number
	width: number | null
	height: number | null
	durationMs: number | null
}

export type UploadRefusal = 'media_type' | 'image_type' | 'image_too_large' | 'video_too_large' | 'pdf_too_large' | 'video_unreadable' | 'upload_empty' | 'upload_aborted' | 'request_conflict'

/** `maxBytes`: the limit a too large file went past. */
export type UploadOutcome = { ok: true; media: StoredMedia; replayed: boolean } | { ok: false; code: UploadRefusal; maxBytes?: number }

export type UploadInput = {
	body: AsyncIterable<Uint8Array>
	/** The file's name as the client gives it (kept for the record only). */
	name: string
	/** Content-Length when the client declared one: refused at once when over the kind's limit. */
	declaredBytes?: number | null
	signal?: AbortSignal
}

/** A generated video already stored under `key` (adoptGeneratedVideo). */
export type GeneratedVideo = { key: string; contentType: string; bytes: number }

type Sniffed = { kind: UploadedMediaKind; contentType: string; ext: string; maxBytes: number }

const UPLOAD_KIND = { image: 'post_image', video: 'post_video', document: 'post_document' } as const
const TOO_LARGE = { image: 'image_too_large', video: 'video_too_large', document: 'pdf_too_large' } as const

export type MediaUploadDeps = {
	db: Db
	files: FileStore
	limits: UploadLimits
	tools: () => VideoTools
	tempDir: string
	/** The one variant every network takes (publishableVideoTarget of the descriptors); no rules: the defaults. */
	videoTarget?: PublishableTarget
	/** The media_process job's work folders (default: beside tempDir). */
	workDir?: string
	logger?: Logger
	/** Called when an upload's processing ends, in its transaction (MediaProcessDeps). */
	onSettled?: MediaSettledHook
	/** A media URL's answer through the SSRF-safe fetcher (importUrl); without it every URL is refused as unreachable. */
	fetchMediaUrl?: MediaUrlFetch
}

export function createMediaUploads(deps: MediaUploadDeps) {
	const videoTarget = deps.videoTarget ?? publishableVideoTarget([])
	const processor = createMediaProcessor({
		db: deps.db,
		files: deps.files,
		tools: deps.tools,
		workDir: deps.workDir ?? path.join(path.dirname(deps.tempDir), 'media-process'),
		target: videoTarget,
		logger: deps.logger,
		onSettled: deps.onSettled,
	})

	function judge(head: Uint8Array): Sniffed | null {
		const type = sniff(head)
		if (isImageType(type)) return { kind: 'image', contentType: 'image/jpeg', ext: 'jpg', maxBytes: IMAGE_MAX_BYTES }
		if (type === 'mp4' || type === 'webm') return { kind: 'video', contentType: `video/${type}`, ext: type, maxBytes: deps.limits.videoMaxBytes }
		if (type === 'pdf') return { kind: 'document', contentType: 'application/pdf', ext: 'pdf', maxBytes: deps.limits.documentMaxBytes }
		return null
	}

	type Stored = Omit<StoredMedia, 'url'>

	/** A stored video's media_process job (ADR 0059): its variant row, then the job, in the caller's transaction. */
	async function startVideoProcessing(trx: DbOrTrx, video: { uploadId: string; userId: string; key: string }) {
		await trx.insertInto('media_variants').values({ upload_id: video.uploadId, user_id: video.userId, source_key: video.key, rule: targetRule(videoTarget) }).execute()
		await enqueue(trx, mediaProcessJob, { uploadId: video.uploadId }, { jobKey: mediaProcessJobKey(video.uploadId) })
	}

	async function storeImage(key: string, body: UploadBody, sniffed: Sniffed): Promise<Stored> {
		const image = await readImage({ name: '', bytes: await body.bytes(sniffed.maxBytes) })
		await deps.files.put(key, image.jpeg, image.contentType)
		return { key, kind: 'image', contentType: image.contentType, bytes: image.jpeg.byteLength, width: image.width, height: image.height, durationMs: null }
	}

	async function storeDocument(key: string, body: UploadBody, sniffed: Sniffed, signal: AbortSignal | undefined): Promise<Stored> {
		const { bytes } = await deps.files.putStream(key, body.stream({ maxBytes: sniffed.maxBytes }), sniffed.contentType, { signal })
		return { key, kind: 'document', contentType: sniffed.contentType, bytes, width: null, height: null, durationMs: null }
	}

	/** Stored while a local copy is written for ffprobe (it must seek and reads local files only); an unreadable video is deleted again. */
	async function storeVideo(key: string, body: UploadBody, sniffed: Sniffed, signal: AbortSignal | undefined): Promise<Stored | 'video_unreadable'> {
		await fs.mkdir(deps.tempDir, { recursive: true })
		const copy = path.join(deps.tempDir, `${randomUUID()}.${sniffed.ext}`)
		const handle = await fs.open(copy, 'wx')
		try {
			const { bytes } = await deps.files.putStream(key, body.stream({ maxBytes: sniffed.maxBytes, copyTo: handle }), sniffed.contentType, { signal })
			await handle.close()
			try {
				const facts = await probeVideo(copy, deps.tools())
				return { key, kind: 'video', contentType: sniffed.contentType, bytes, width: facts.video.width, height: facts.video.height, durationMs: Math.round(facts.durationSeconds * 1000) }
			} catch (error) {
				await deps.files.delete(key)
				if (error instanceof InputError) return 'video_unreadable'
				throw error
			}
		} finally {
			await handle.close().catch(() => {})
			await fs.rm(copy, { force: true })
		}
	}

	/** Stores the body under a new key; the refusal code when the file is not what it must be. */
	function store(body: UploadBody, sniffed: Sniffed, signal: AbortSignal | undefined): Promise<Stored | UploadRefusal> {
		const key = `${sniffed.kind === 'document' ? 'documents' : `${sniffed.kind}s`}/${randomUUID()}.${sniffed.ext}`
		if (sniffed.kind === 'image') return storeImage(key, body, sniffed)
		if (sniffed.kind === 'document') return storeDocument(key, body, sniffed, signal)
		return storeVideo(key, body, sniffed, signal)
	}

	const uploads = {
		/**
		 * Stores an upload of the user's (an image, a video or a PDF, judged by content) and records it.
		 * A repeated request id with the same bytes answers the first upload (its copy is removed);
		 * with other bytes: 'request_conflict'.
		 */
		async upload(userId: string, requestId: string, input: UploadInput): Promise<UploadOutcome> {
			let body: UploadBody
			try {
				body = await readUploadBody(input.body)
			} catch (error) {
				if (error instanceof UploadCutOffError) return { ok: false, code: 'upload_aborted' }
				throw error
			}
			const sniffed = judge(body.head)
			const refuse = async (code: UploadRefusal): Promise<UploadOutcome> => {
				await body.discard()
				return code === 'video_too_large' || code === 'pdf_too_large' || code === 'image_too_large' ? { ok: false, code, maxBytes: sniffed?.maxBytes } : { ok: false, code }
			}
			if (body.head.byteLength === 0) return refuse('upload_empty')
			if (!sniffed) return refuse('media_type')
			if (input.declaredBytes != null && input.declaredBytes > sniffed.maxBytes) return refuse(TOO_LARGE[sniffed.kind])
			let stored: Stored | UploadRefusal
			try {
				stored = await store(body, sniffed, input.signal)
			} catch (error) {
				if (error instanceof UploadTooLargeError) return refuse(TOO_LARGE[sniffed.kind])
				if (error instanceof InputError && (error.code === 'image_type' || error.code === 'image_too_large')) return refuse(error.code)
				// The client went away: nothing stored, and no one to answer.
				if (error instanceof UploadCutOffError || input.signal?.aborted) return refuse('upload_aborted')
				await body.discard()
				throw error
			}
			if (typeof stored === 'string') return refuse(stored)
			const media: StoredMedia = { ...stored, url: mediaPath(stored.key) }
			const fingerprint = { sha256: body.digest().sha256, kind: media.kind }
			try {
				const outcome = await once(deps.db, { userId, requestId, action: 'media.upload', input: fingerprint }, async (trx) => {
					const upload = await trx
						.insertInto('uploads')
						.values({ user_id: userId, kind: UPLOAD_KIND[media.kind], storage_key: media.key, content_type: media.contentType, byte_size: media.bytes, original_name: input.name.slice(0, 255) || null })
						.returning('id')
						.executeTakeFirstOrThrow()
					if (media.kind === 'video') await startVideoProcessing(trx, { uploadId: upload.id, userId, key: media.key })
					return media
				})
				if (outcome.kind === 'conflict') {
					await deps.files.delete(media.key)
					return { ok: false, code: 'request_conflict' }
				}
				if (outcome.replayed) await deps.files.delete(media.key)
				return { ok: true, media: outcome.result, replayed: outcome.replayed }
			} catch (error) {
				await deps.files.delete(media.key)
				throw error
			}
		},

		/**
		 * A video Postwerk generated for the user (the model test), already in the file store under `key`:
		 * recorded as the user's upload of kind 'generated_video' (a post's item made from it is AI-generated,
		 * ADR 0068) and handed to the media_process job as an uploaded video is. In the caller's transaction when given.
		 */
		async adoptGeneratedVideo(userId: string, video: GeneratedVideo, trx?: DbOrTrx) {
			const adopt = async (t: DbOrTrx) => {
				const upload = await t
					.insertInto('uploads')
					.values({ user_id: userId, kind: 'generated_video', storage_key: video.key, content_type: video.contentType, byte_size: video.bytes })
					.returning('id')
					.executeTakeFirstOrThrow()
				await startVideoProcessing(t, { uploadId: upload.id, userId, key: video.key })
			}
			if (trx) return adopt(trx)
			return deps.db.transaction().execute(adopt)
		},

		/** The file behind a user's URL (REST, MCP) stored as an upload, as upload() does; once per request id. */
		importUrl(userId: string, requestId: string, url: string, signal?: AbortSignal) {
			return importMediaUrl(deps.fetchMediaUrl, uploads.upload, userId, requestId, url, signal)
		},

		/** What the media_process job has made of the user's uploads among `keys` (processedMediaOf). */
		processed(userId: string, keys: ReadonlyArray<string>) {
			return processedMediaOf(deps.db, userId, keys)
		},

		/**
		 * The user's cover time for an uploaded video (null: the first second): the cover and thumbnail
		 * are taken again by the job. False when the key is no video of the user's or its processing failed.
		 */
		async chooseCover(userId: string, key: string, atMs: number | null) {
			return deps.db.transaction().execute(async (trx) => {
				const row = await trx
					.updateTable('media_variants')
					.set({ cover_at_ms: atMs, cover_key: null, thumbnail_key: null, state: 'processing', progress: sql<number>`least(progress, ${VARIANT_DONE})`, updated_at: new Date() })
					.where('user_id', '=', userId)
					.where('source_key', '=', key)
					.where('state', '<>', 'failed')
					.returning('upload_id')
					.executeTakeFirst()
				if (!row) return false
				await enqueue(trx, mediaProcessJob, { uploadId: row.upload_id }, { jobKey: mediaProcessJobKey(row.upload_id) })
				return true
			})
		},

		/**
		 * 'Titelbild wählen' from the web (ADR 0063): chooseCover checked against the video's length,
		 * once per request id, rate-limited per user; German wording is the route's.
		 */
		chooseCoverOnce(userId: string, choice: CoverChoice) {
			return chooseCover(deps.db, userId, choice)
		},

		/** The media_process job, for the worker (server/compose.ts). */
		tasks: processor.tasks,
		processUpload: processor.processUpload,
	}
	return uploads
}

export type MediaUploads = ReturnType<typeof createMediaUploads>
