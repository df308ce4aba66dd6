import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Updateable } from 'kysely'
import type { Db, Trx } from '#modules/core/db.server.ts'
import type { MediaVariants } from '#modules/core/db-types.ts'
import type { FileStore } from '#modules/core/files.server.ts'
import { handleJob, type TaskHelpers } from '#modules/core/jobs.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { errorFields, type Logger } from '#modules/core/logger.server.ts'
import { coverFrame } from './cover-frame.server.ts'
import { InputError } from './errors.ts'
import { mediaProcessJob } from './media-jobs.ts'
import { probeVideo } from './probe-video.server.ts'
import { remuxVideo } from './remux-video.server.ts'
import { fitsTarget, targetFor, targetRule, type PublishableTarget } from './transcode-target.ts'
import { transcodeVideo } from './transcode-video.server.ts'
import type { VideoTools } from './video-tools.server.ts'

// The media_process job (ADR 0059): an uploaded video is made into ONE variant every network takes
// (transcoded, or only remuxed where it fits), then a cover and a thumbnail are taken from that
// variant. The row in media_variants says what is still due, so a run killed anywhere resumes: the
// work folder of an upload is emptied before and after every run (a killed ffmpeg's partial file
// goes with it), an output counts only once renamed from its .partial name, and the store's keys are
// fixed per upload (a rerun replaces, never adds). A ready or failed row is left alone.

export const MEDIA_TOPIC = 'media'

/** Where progress stands when each step is done (the transcode fills 0 to VARIANT_DONE). */
export const VARIANT_DONE = 90
/** The thumbnail's width: a card or a strip item, twice for dense screens. */
const THUMBNAIL_WIDTH = 320
/** Progress is written (and announced) at most this often. */
const PROGRESS_INTERVAL_MS = 1_000

export type MediaProcessDeps = {
	db: Db
	files: FileStore
	tools: () => VideoTools
	/** A folder of its own: one sub-folder per upload while its job runs. */
	workDir: string
	target: PublishableTarget
	logger?: Logger
	progressIntervalMs?: number
	/** Called in the transaction that records an upload ready or failed (the composition root re-queues the posts waiting for it; ADR 0064). */
	onSettled?: MediaSettledHook
}

/** An upload's processing ended: `key` is its stored file's (the one post items name). */
export type SettledUpload = { userId: string; key: string; state: 'ready' | 'failed' }
export type MediaSettledHook = (trx: Trx, upload: SettledUpload) => Promise<unknown>

type Row = { upload_id: string; user_id: string; source_key: string; rule: string; variant_key: string | null; cover_key: string | null; thumbnail_key: string | null; cover_at_ms: number | null; progress: number }

/** The stored file the job must read is gone (deleted while the job waited). */
class SourceMissingError extends Error {
	constructor(key: string) {
		super(`stored file ${key} is missing`)
		this.name = 'SourceMissingError'
	}
}

export const variantKeyOf = (uploadId: string) => `videos/variants/${uploadId}.mp4`
export const coverKeyOf = (uploadId: string) => `images/covers/${uploadId}.jpg`
export const thumbnailKeyOf = (uploadId: string) => `images/thumbnails/${uploadId}.jpg`

export function createMediaProcessor(deps: MediaProcessDeps) {
	const { db, files, target } = deps
	const rule = targetRule(target)
	const interval = deps.progressIntervalMs ?? PROGRESS_INTERVAL_MS

	async function save(row: Row, values: Updateable<MediaVariants>) {
		await db.transaction().execute(async (trx) => {
			await trx.updateTable('media_variants').set({ ...values, updated_at: new Date() }).where('upload_id', '=', row.upload_id).execute()
			await notifyChange(trx, { userId: row.user_id, topic: MEDIA_TOPIC })
			if (values.state === 'ready' || values.state === 'failed') await deps.onSettled?.(trx, { userId: row.user_id, key: row.source_key, state: values.state })
		})
	}

	/** A rising 0..1 of a step as progress from..to, written at most every `interval` (the last value waits for `settle`). */
	function progressWriter(row: Row, from: number, to: number) {
		let written = row.progress
		let writtenAt = 0
		let pending = Promise.resolve()
		const write = (value: number) => {
			written = value
			writtenAt = Date.now()
			pending = pending.then(() => save(row, { progress: value })).catch((error: unknown) => deps.logger?.warn('media_progress_failed', errorFields(error)))
		}
		return {
			report(fraction: number) {
				const value = Math.floor(from + fraction * (to - from))
				if (value > written && Date.now() - writtenAt >= interval) write(value)
			},
			settle: () => pending,
		}
	}

	async function download(key: string, file: string, signal: AbortSignal | undefined) {
		const stored = await files.getStream(key)
		if (!stored) throw new SourceMissingError(key)
		await pipeline(stored.body, createWriteStream(file, { flags: 'wx' }), { signal })
	}

	/** Probes, transcodes or remuxes into work/variant.mp4, stores it; the local file for the next step. */
	async function makeVariant(row: Row, work: string, signal: AbortSignal | undefined) {
		const tools = deps.tools()
		const source = path.join(work, 'source')
		await download(row.source_key, source, signal)
		const facts = await probeVideo(source, tools)
		const videoTarget = targetFor(target, facts.durationSeconds)
		const transcoded = !fitsTarget(facts, { ...videoTarget, maxBytes: target.maxBytes })
		const partial = path.join(work, 'variant.partial.mp4')
		const progress = progressWriter(row, row.progress, VARIANT_DONE)
		if (transcoded) await transcodeVideo(source, partial, videoTarget, { signal, tools, onProgress: progress.report })
		else await remuxVideo(source, partial, { signal, tools })
		await progress.settle()
		const variant = path.join(work, 'variant.mp4')
		await fs.rename(partial, variant)
		await fs.rm(source)
		const made = await probeVideo(variant, tools)
		const key = variantKeyOf(row.upload_id)
		await files.putStream(key, createReadStream(variant), 'video/mp4', { signal })
		await save(row, {
			variant_key: key,
			rule,
			transcoded,
			duration_ms: Math.round(made.durationSeconds * 1000),
			width: made.video.width,
			height: made.video.height,
			progress: VARIANT_DONE,
			// A new variant: its cover and thumbnail are taken again.
			cover_key: null,
			thumbnail_key: null,
		})
		return variant
	}

	/** The cover (the chosen time, else the first second) and its thumbnail, from the variant by ffmpeg: then ready. */
	async function makeCover(row: Row, work: string, variant: string, signal: AbortSignal | undefined) {
		const atSeconds = row.cover_at_ms === null ? null : row.cover_at_ms / 1000
		const cover = path.join(work, 'cover.partial.jpg')
		const thumbnail = path.join(work, 'thumbnail.partial.jpg')
		await coverFrame(variant, atSeconds, cover, { signal, tools: deps.tools() })
		await coverFrame(variant, atSeconds, thumbnail, { signal, tools: deps.tools(), maxWidth: THUMBNAIL_WIDTH })
		await files.put(coverKeyOf(row.upload_id), new Uint8Array(await fs.readFile(cover)), 'image/jpeg')
		await files.put(thumbnailKeyOf(row.upload_id), new Uint8Array(await fs.readFile(thumbnail)), 'image/jpeg')
		await save(row, { cover_key: coverKeyOf(row.upload_id), thumbnail_key: thumbnailKeyOf(row.upload_id), state: 'ready', progress: 100, error_code: null })
	}

	async function runDue(row: Row, work: string, signal: AbortSignal | undefined) {
		let variant: string | null = null
		if (row.variant_key === null || row.rule !== rule) variant = await makeVariant(row, work, signal)
		if (variant === null && row.cover_key !== null && row.thumbnail_key !== null) {
			await save(row, { state: 'ready', progress: 100, error_code: null })
			return
		}
		if (variant === null) {
			variant = path.join(work, 'variant.mp4')
			await download(variantKeyOf(row.upload_id), variant, signal)
		}
		await makeCover(row, work, variant, signal)
	}

	/** Runs what is due for the upload; a ready, failed or unknown one is left as it is. */
	async function processUpload(uploadId: string, helpers: Pick<TaskHelpers, 'attempts' | 'signal'>) {
		const row = await db
			.updateTable('media_variants')
			.set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: new Date() }))
			.where('upload_id', '=', uploadId)
			.where('state', '=', 'processing')
			.returning(['upload_id', 'user_id', 'source_key', 'rule', 'variant_key', 'cover_key', 'thumbnail_key', 'cover_at_ms', 'progress'])
			.executeTakeFirst()
		if (!row) return
		const work = path.join(deps.workDir, uploadId)
		await fs.rm(work, { recursive: true, force: true })
		await fs.mkdir(work, { recursive: true })
		try {
			await runDue(row, work, helpers.signal)
		} catch (error) {
			if (error instanceof InputError) return void (await save(row, { state: 'failed', error_code: error.code }))
			if (error instanceof SourceMissingError) return void (await save(row, { state: 'failed', error_code: 'source_missing' }))
			// Stopped (a worker shutting down) or not the last attempt: graphile-worker runs it again.
			if (helpers.signal?.aborted || helpers.attempts < (mediaProcessJob.maxAttempts ?? 1)) throw error
			deps.logger?.error('media_process_failed', { uploadId, ...errorFields(error) })
			await save(row, { state: 'failed', error_code: 'processing_failed' })
		} finally {
			await fs.rm(work, { recursive: true, force: true })
		}
	}

	return {
		processUpload,
		tasks: [handleJob(mediaProcessJob, ({ uploadId }, helpers) => processUpload(uploadId, helpers))],
	}
}

export type MediaProcessor = ReturnType<typeof createMediaProcessor>
