// ADR 0064 (issue 39): a delivery whose video is still being processed by our media_process job waits
// without using its attempts, is re-queued the moment the job ends (ready: sent within seconds; failed:
// failed at once with the German reason), and fails with its own German reason when still waiting
// MEDIA_WAIT_LIMIT_MS after it was first due. A delivery re-queued twice is sent once.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { toTaskList } from '#modules/core/jobs.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { MEDIA_WAIT_LIMIT_MS, publishDeliveryJob, resumeDeliveriesWaitingFor } from '#modules/publishing/index.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { makeJobsDue, runJobsOnce, waitingJobs } from '#tests/support/jobs.ts'
import { testClip } from '#tests/support/media-samples.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { serveMedia } from '#tests/support/serve-media.ts'

const zurich = 'Europe/Zurich'
const MEDIA_JOB = 'media_process'
const WAITING = 'Ein Video oder Dokument des Posts wird noch vorbereitet. Der Post erscheint, sobald es bereit ist.'

let clip: Uint8Array
let dataDir: string

beforeAll(async () => {
	clip = await testClip({ seconds: 4 })
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-media-wait-'))
})

afterAll(async () => {
	await fs.rm(dataDir, { recursive: true, force: true })
})

/** A harness whose file store and media work folders are a folder of this test's own, served as the app's /media/. */
async function setUp() {
	const t = await createTestDatabase()
	const root = path.join(dataDir, randomUUID())
	const app = await serveMedia(root)
	const h = await publishingHarness(t, undefined, { DATA_DIR: root }, { appUrl: app.url })
	const logger = createLogger('silent')
	/** Runs the due jobs of the tasks `which` accepts (graphile-worker fetches only jobs its task list knows). */
	const run = (which: (task: string) => boolean) => runJobsOnce(t.pool, toTaskList(h.composition.tasks.filter((task) => which(task.id)), logger))
	return {
		t,
		h,
		publishing: () => run((task) => task !== MEDIA_JOB),
		media: () => run((task) => task === MEDIA_JOB),
		async [Symbol.asyncDispose]() {
			await h[Symbol.asyncDispose]()
			await app.close()
			await t[Symbol.asyncDispose]()
		},
	}
}

/** A user with Instagram, a post with an uploaded video (its media_process job queued, not run), published now. */
async function postWithVideo(h: Harness) {
	const { userId } = await h.connectedUser(['instagram'])
	const outcome = await h.services.media.upload(userId, randomUUID(), { body: (async function* () { yield clip })(), name: 'film.mp4' })
	if (!outcome.ok) throw new Error(`upload refused: ${outcome.code}`)
	const post = await h.services.content.createPost(userId, { platform: 'instagram', content: { base: 'Unser Film', platforms: {} }, status: 'draft', timeZone: zurich })
	expect((await h.services.content.setPostMedia(userId, post.id, [{ fileKey: outcome.media.key }])).ok).toBe(true)
	expect(await h.services.publishing.publishNow(userId, post.id)).toBe(1)
	return { userId, postId: post.id, key: outcome.media.key }
}

type Harness = Awaited<ReturnType<typeof setUp>>['h']

const deliveryOf = (t: TestDatabase, postId: string) =>
	t.db.selectFrom('post_deliveries').select(['id', 'status', 'attempts', 'error_code', 'error_message', 'retry_at', 'scheduled_at', 'media_wait_since']).where('post_id', '=', postId).executeTakeFirstOrThrow()

test('a video still processing at the first try: the delivery waits without using attempts and goes out as soon as the job has made the video', { timeout: 120_000 }, async () => {
	await using setup = await setUp()
	const { t, h, publishing, media } = setup
	const { postId } = await postWithVideo(h)

	await publishing()
	const waiting = await deliveryOf(t, postId)
	expect(waiting).toMatchObject({ status: 'scheduled', attempts: 0, error_code: 'media_processing', error_message: WAITING })
	expect(waiting.retry_at!.getTime()).toBeGreaterThan(Date.now() + 50_000)
	expect(waiting.media_wait_since).not.toBeNull()

	// More looks than MAX_DELIVERY_ATTEMPTS (5): waiting for our own job costs none of them.
	for (let look = 0; look < 6; look++) {
		await sql`update post_deliveries set scheduled_at = now() where post_id = ${postId}`.execute(t.db)
		await makeJobsDue(t.db, { task: publishDeliveryJob.id })
		await publishing()
	}
	expect(await deliveryOf(t, postId)).toMatchObject({ status: 'scheduled', attempts: 0, error_code: 'media_processing', media_wait_since: waiting.media_wait_since })
	expect(h.posts('instagram')).toEqual([])

	// The job makes the video; its end re-queues the delivery at once (no minute to wait).
	const before = Date.now()
	await media()
	const [job] = await waitingJobs(t.db, publishDeliveryJob.id)
	expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now())
	expect((await deliveryOf(t, postId)).scheduled_at!.getTime()).toBeLessThanOrEqual(Date.now())
	await publishing()
	expect(await deliveryOf(t, postId)).toMatchObject({ status: 'published', attempts: 1, error_code: null })
	expect(h.posts('instagram').map((post) => post.text)).toEqual(['Unser Film'])
	expect(Date.now() - before).toBeLessThan(60_000)
})

test('a delivery re-queued twice (and claimed by two workers at once) is sent once', { timeout: 120_000 }, async () => {
	await using setup = await setUp()
	const { t, h, publishing, media } = setup
	const { userId, postId, key } = await postWithVideo(h)
	await publishing()
	await media()
	// A second re-queue for the same upload (a repeated job end): still one job, one delivery.
	expect(await t.db.transaction().execute((trx) => resumeDeliveriesWaitingFor(trx, { userId, key }))).toBe(1)
	const { id } = await deliveryOf(t, postId)
	await Promise.all([h.publisher.publishDelivery(id), h.publisher.publishDelivery(id), publishing()])
	await publishing()
	expect(await deliveryOf(t, postId)).toMatchObject({ status: 'published' })
	expect(h.posts('instagram')).toHaveLength(1)
	// Once published, another re-queue finds nothing waiting.
	expect(await t.db.transaction().execute((trx) => resumeDeliveriesWaitingFor(trx, { userId, key }))).toBe(0)
})

test('a failed processing fails the waiting delivery at once with the German reason', { timeout: 120_000 }, async () => {
	await using setup = await setUp()
	const { t, h, publishing, media } = setup
	const { postId, key } = await postWithVideo(h)
	await publishing()
	expect(await deliveryOf(t, postId)).toMatchObject({ status: 'scheduled', error_code: 'media_processing' })

	// The stored upload is gone before the job runs: it fails at once (source_missing).
	await h.services.files.delete(key)
	await media()
	await publishing()
	expect(await deliveryOf(t, postId)).toMatchObject({
		status: 'failed',
		error_code: 'media_failed',
		error_message: 'Ein Video oder Dokument des Posts konnte nicht vorbereitet werden. Bitte laden Sie es erneut hoch.',
	})
	expect(h.posts('instagram')).toEqual([])
})

test('a delivery still waiting past the limit after it was due fails with its German reason', { timeout: 120_000 }, async () => {
	await using setup = await setUp()
	const { t, h, publishing } = setup
	const { postId } = await postWithVideo(h)
	await publishing()
	const waiting = await deliveryOf(t, postId)

	// Just inside the limit: it waits on.
	const sinceJustInside = new Date(Date.now() - MEDIA_WAIT_LIMIT_MS + 60_000)
	await t.db.updateTable('post_deliveries').set({ media_wait_since: sinceJustInside, scheduled_at: new Date() }).where('id', '=', waiting.id).execute()
	await makeJobsDue(t.db, { task: publishDeliveryJob.id })
	await publishing()
	expect(await deliveryOf(t, postId)).toMatchObject({ status: 'scheduled', attempts: 0, media_wait_since: sinceJustInside })

	await t.db.updateTable('post_deliveries').set({ media_wait_since: new Date(Date.now() - MEDIA_WAIT_LIMIT_MS - 1000), scheduled_at: new Date() }).where('id', '=', waiting.id).execute()
	await makeJobsDue(t.db, { task: publishDeliveryJob.id })
	await publishing()
	expect(await deliveryOf(t, postId)).toMatchObject({ status: 'failed', error_code: 'media_timeout', error_message: 'Das Video wurde nicht rechtzeitig fertig verarbeitet.' })
	expect(h.posts('instagram')).toEqual([])
})
