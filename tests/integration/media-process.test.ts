// Issue 39 item 1, the media_process job (modules/media/media-process.server.ts, ADR 0059): an
// uploaded video is made into one variant every registered network takes (transcoded, or only
// remuxed where it fits), with a cover and a thumbnail; progress is written and announced to the
// owner; a job whose ffmpeg is killed mid-transcode runs again from what its row says is due and
// leaves exactly one variant and no partial files; a ready upload is left alone. Read back through
// processedMediaOf and GET /api/media/<key>/status.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { platformModules } from '#adapters/platforms/index.ts'
import { toTaskList } from '#modules/core/jobs.server.ts'
import { LIVE_CHANNEL } from '#modules/core/live-events.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { fitsTarget, probeVideo, publishableVideoTarget, targetFor, videoTools, type StoredMedia } from '#modules/media/index.ts'
import { createHarness, type Harness, type TestUser } from '#tests/security/support/harness.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { makeJobsDue, runJobsOnce, waitingJobs } from '#tests/support/jobs.ts'
import { testClip } from '#tests/support/media-samples.ts'
import { waitFor } from '#tests/support/wait.ts'

vi.mock('lucide-react', async () => (await import('#tests/security/support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('#tests/security/support/harness.ts')).uiStub())

const run = promisify(execFile)
const tools = videoTools()
let t: TestDatabase
let h: Harness
let user: TestUser
let workDir: string

beforeAll(async () => {
	t = await createTestDatabase()
	h = await createHarness(t.db)
	user = await h.user()
	workDir = path.join(h.dataDir, 'tmp', 'media-process')
})

afterAll(async () => {
	await h?.[Symbol.asyncDispose]()
	await t?.[Symbol.asyncDispose]()
})

const taskList = () => toTaskList(h.composition.tasks, createLogger('silent'))

/** A clip no network takes as it is: 4:4:4 chroma (a camera's), so the job must transcode it. */
async function cameraClip(seconds: number) {
	const dir = await fs.mkdtemp(path.join(h.dataDir, 'clip-'))
	const file = path.join(dir, 'clip.mp4')
	const sources = ['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440']
	const codecs = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv444p', '-c:a', 'aac']
	await run(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...sources, '-t', String(seconds), ...codecs, file])
	const bytes = new Uint8Array(await fs.readFile(file))
	await fs.rm(dir, { recursive: true, force: true })
	return bytes
}

async function upload(bytes: Uint8Array, owner = user): Promise<StoredMedia> {
	const outcome = await h.services.media.upload(owner.id, randomUUID(), { body: (async function* () { yield bytes })(), name: 'clip.mp4' })
	if (!outcome.ok) throw new Error(`upload refused: ${outcome.code}`)
	return outcome.media
}

const rowOf = (key: string) => t.db.selectFrom('media_variants').selectAll().where('source_key', '=', key).executeTakeFirstOrThrow()
const storedPath = (key: string) => path.join(h.dataDir, 'files', key)
const listing = (dir: string) => fs.readdir(dir).catch(() => [] as Array<string>)

/** The live events' notifications for the user with the media topic, while `during` runs. */
async function announcements(userId: string, during: () => Promise<void>) {
	const client = new pg.Client({ connectionString: t.url })
	await client.connect()
	const heard: Array<unknown> = []
	client.on('notification', (message) => {
		const payload = JSON.parse(message.payload ?? '{}') as { u?: string; t?: unknown }
		if (payload.u === userId) heard.push(payload.t)
	})
	await client.query(`listen ${LIVE_CHANNEL}`)
	try {
		await during()
		await new Promise((resolve) => setTimeout(resolve, 100))
	} finally {
		await client.end()
	}
	return heard
}

test('the target is the smallest figures the descriptors name: 1920 px, 60 fps, 99 MB (no platform named)', () => {
	const target = publishableVideoTarget(platformModules.map((module) => module.descriptor.media.video))
	expect(target).toMatchObject({ maxWidth: 1920, maxHeight: 1920, maxFps: 60, maxBytes: 99 * 1024 * 1024 })
	// A long video's rate is lowered to stay within the smallest network's bytes.
	expect(targetFor(target, 20 * 60).videoBitRate).toBeLessThan(target.videoBitRate)
	expect(targetFor(target, 10).videoBitRate).toBe(target.videoBitRate)
})

test('an uploaded video that no network takes as it is: transcoded into one variant with cover and thumbnail, progress rising and announced, readable by its owner only', async () => {
	const media = await upload(await cameraClip(8))
	expect(await rowOf(media.key)).toMatchObject({ state: 'processing', progress: 0, variant_key: null, attempts: 0 })
	const jobs = await waitingJobs<{ uploadId: string }>(t.pool, 'media_process')
	expect(jobs.map((job) => job.payload.uploadId)).toEqual([(await rowOf(media.key)).upload_id])

	const progress: Array<number> = []
	let polling = true
	const poll = (async () => {
		while (polling) {
			const { progress: value } = await rowOf(media.key)
			if (progress.at(-1) !== value) progress.push(value)
			await new Promise((resolve) => setTimeout(resolve, 50))
		}
	})()
	const heard = await announcements(user.id, () => runJobsOnce(t.pool, taskList()))
	polling = false
	await poll

	const row = await rowOf(media.key)
	expect(row).toMatchObject({ state: 'ready', progress: 100, error_code: null, transcoded: true, attempts: 1, width: 640, height: 360 })
	expect(row.duration_ms).toBeGreaterThan(7500)
	// Several values in between, each higher than the one before.
	expect(progress.filter((value) => value > 0 && value < 100).length).toBeGreaterThanOrEqual(2)
	expect(progress.every((value, index) => index === 0 || value > progress[index - 1]!)).toBe(true)
	expect(heard.filter((topic) => topic === 'media').length).toBeGreaterThanOrEqual(3)

	const variant = await probeVideo(storedPath(row.variant_key!))
	expect(variant.video).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width: 640, height: 360 })
	expect(variant.audio?.codec).toBe('aac')
	expect(fitsTarget(variant, { ...publishableVideoTarget(platformModules.map((module) => module.descriptor.media.video)), maxBytes: 99 * 1024 * 1024 })).toBe(true)
	expect(await boxOrder(storedPath(row.variant_key!))).toEqual(['moov', 'mdat'])
	const cover = await probeImage(storedPath(row.cover_key!))
	const thumbnail = await probeImage(storedPath(row.thumbnail_key!))
	expect(cover).toEqual({ width: 640, height: 360 })
	expect(thumbnail).toEqual({ width: 320, height: 180 })
	expect(await listing(workDir)).toEqual([])

	const [read] = await h.services.media.processed(user.id, [media.key])
	expect(read).toEqual({
		key: media.key,
		state: 'ready',
		progress: 100,
		errorCode: null,
		variantUrl: `/media/${row.variant_key}`,
		coverUrl: `/media/${row.cover_key}`,
		thumbnailUrl: `/media/${row.thumbnail_key}`,
		coverAtMs: null,
		durationMs: row.duration_ms,
		width: 640,
		height: 360,
	})
	const status = await h.call('/api/media/*', { cookie: user.cookie, params: { '*': `${media.key}/status` } })
	expect(status.status).toBe(200)
	expect(JSON.parse(status.text)).toEqual({ ok: true, ...read })
	const other = await h.user()
	expect((await h.call('/api/media/*', { cookie: other.cookie, params: { '*': `${media.key}/status` } })).status).toBe(404)
	expect(await h.services.media.processed(other.id, [media.key])).toEqual([])

	// The user picks another cover time: cover and thumbnail again, the variant stays.
	expect(await h.services.media.chooseCover(user.id, media.key, 5000)).toBe(true)
	expect(await h.services.media.chooseCover(other.id, media.key, 5000)).toBe(false)
	await runJobsOnce(t.pool, taskList())
	expect(await rowOf(media.key)).toMatchObject({ state: 'ready', cover_at_ms: 5000, variant_key: row.variant_key, transcoded: true, attempts: 2 })
}, 240_000)

test('a video every network takes (H.264/AAC, small) is only remuxed with its index first', async () => {
	const media = await upload(await testClip({ size: '320x240', seconds: 3 }))
	await runJobsOnce(t.pool, taskList())
	const row = await rowOf(media.key)
	expect(row).toMatchObject({ state: 'ready', transcoded: false, width: 320, height: 240 })
	expect(await boxOrder(storedPath(row.variant_key!))).toEqual(['moov', 'mdat'])
})

test('a text file stored as a video (never through the upload) fails as video_unreadable, without retries', async () => {
	const key = `videos/${randomUUID()}.mp4`
	await h.services.files.put(key, new TextEncoder().encode('kein Video'), 'video/mp4')
	const { id } = await t.db.insertInto('uploads').values({ user_id: user.id, kind: 'post_video', storage_key: key, content_type: 'video/mp4', byte_size: 10 }).returning('id').executeTakeFirstOrThrow()
	await t.db.insertInto('media_variants').values({ upload_id: id, user_id: user.id, source_key: key, rule: 'alt' }).execute()
	await h.services.media.processUpload(id, { attempts: 1 })
	expect(await rowOf(key)).toMatchObject({ state: 'failed', error_code: 'video_unreadable' })
})

test('ffmpeg killed mid-transcode: the job is retried from its row and leaves exactly one variant, no partial file; a second run of a ready upload does nothing', async () => {
	const media = await upload(await cameraClip(12))
	const { upload_id: uploadId } = await rowOf(media.key)
	const partial = path.join(workDir, uploadId, 'variant.partial.mp4')
	const first = runJobsOnce(t.pool, taskList())
	// Killed once it is well under way: progress written, the partial output growing.
	await waitFor(async () => (await rowOf(media.key)).progress > 0 && (await fs.stat(partial).catch(() => null)) !== null, { what: 'the transcode under way' })
	const killed = await killProcessesNaming(partial)
	expect(killed).toBeGreaterThan(0)
	await first
	const afterKill = await rowOf(media.key)
	expect(afterKill).toMatchObject({ state: 'processing', variant_key: null, attempts: 1 })
	expect(await listing(path.join(h.dataDir, 'files', 'videos', 'variants'))).not.toContain(`${uploadId}.mp4`)
	// What a worker killed with its ffmpeg would leave: the partial output in the upload's work folder.
	await fs.mkdir(path.dirname(partial), { recursive: true })
	await fs.writeFile(partial, 'halb geschrieben')

	await makeJobsDue(t.pool, { task: 'media_process' })
	await runJobsOnce(t.pool, taskList())
	const row = await rowOf(media.key)
	expect(row).toMatchObject({ state: 'ready', progress: 100, attempts: 2, transcoded: true })
	expect((await listing(path.join(h.dataDir, 'files', 'videos', 'variants'))).filter((name) => name.startsWith(uploadId))).toEqual([`${uploadId}.mp4`])
	expect(await listing(workDir)).toEqual([])
	expect((await probeVideo(storedPath(row.variant_key!))).durationSeconds).toBeCloseTo(12, 0)

	// Idempotent: a second run (a duplicate job) for a ready upload changes nothing.
	const stat = await fs.stat(storedPath(row.variant_key!))
	await h.services.media.processUpload(uploadId, { attempts: 1 })
	expect(await rowOf(media.key)).toEqual(row)
	expect((await fs.stat(storedPath(row.variant_key!))).mtimeMs).toBe(stat.mtimeMs)
}, 240_000)

/** SIGKILLs the processes whose command line names `file` (the job's ffmpeg); how many. */
async function killProcessesNaming(file: string) {
	const { stdout } = await run('ps', ['-eo', 'pid=,args='])
	const pids = stdout.split('\n').filter((line) => line.includes(file)).map((line) => Number(line.trim().split(/\s+/)[0]))
	for (const pid of pids) process.kill(pid, 'SIGKILL')
	return pids.length
}

async function probeImage(file: string) {
	const { default: sharp } = await import('sharp')
	const { width, height } = await sharp(file).metadata()
	return { width, height }
}

/** The MP4's moov and mdat boxes in file order (the index first: +faststart). */
async function boxOrder(file: string) {
	const handle = await fs.open(file)
	try {
		const { size } = await handle.stat()
		const header = Buffer.alloc(16)
		const types: Array<string> = []
		for (let at = 0; at + 8 <= size; ) {
			await handle.read(header, 0, 16, at)
			const short = header.readUInt32BE(0)
			const type = header.toString('latin1', 4, 8)
			if (type === 'moov' || type === 'mdat') types.push(type)
			const length = short === 1 ? Number(header.readBigUInt64BE(8)) : short === 0 ? size - at : short
			if (length < 8) break
			at += length
		}
		return types
	} finally {
		await handle.close()
	}
}
