// 'Titelbild wählen' and the strip's processing read (ADR 0063): POST /api/media/<key>/cover records
// the owner's cover time once per request id, refuses another user's video, bad input and a time past
// the video's end with German messages, and queues the job that takes the cover again;
// GET /api/media/status?key=… answers the processing of the user's videos in one read.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { toTaskList } from '#modules/core/jobs.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { COVER_LIMIT, type StoredMedia } from '#modules/media/index.ts'
import { createHarness, type Harness, type TestUser } from '#tests/security/support/harness.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { runJobsOnce, waitingJobs } from '#tests/support/jobs.ts'
import { testClip } from '#tests/support/media-samples.ts'

vi.mock('lucide-react', async () => (await import('#tests/security/support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('#tests/security/support/harness.ts')).uiStub())

let t: TestDatabase
let h: Harness
let owner: TestUser
let ready: StoredMedia

beforeAll(async () => {
	t = await createTestDatabase()
	h = await createHarness(t.db)
	owner = await h.user()
	ready = await upload(owner, await testClip({ seconds: 3 }))
	await runJobsOnce(t.pool, taskList())
}, 120_000)

afterAll(async () => {
	await h?.[Symbol.asyncDispose]()
	await t?.[Symbol.asyncDispose]()
})

const taskList = () => toTaskList(h.composition.tasks, createLogger('silent'))

async function upload(user: TestUser, bytes: Uint8Array): Promise<StoredMedia> {
	const outcome = await h.services.media.upload(user.id, randomUUID(), { body: (async function* () { yield bytes })(), name: 'clip.mp4' })
	if (!outcome.ok) throw new Error(`upload refused: ${outcome.code}`)
	return outcome.media
}

const chooseCover = (user: TestUser, key: string, body: unknown) =>
	h.call('/api/media/*', { method: 'POST', cookie: user.cookie, params: { '*': `${key}/cover` }, body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } })

const rowOf = (key: string) => t.db.selectFrom('media_variants').select(['state', 'cover_at_ms', 'cover_key', 'thumbnail_key']).where('source_key', '=', key).executeTakeFirstOrThrow()
const coverJobs = async () => (await waitingJobs(t.pool, 'media_process')).length

test('the owner picks 1 s: recorded, the job queued once and the cover made again; the same request id again changes nothing', async () => {
	const requestId = randomUUID()
	const first = await chooseCover(owner, ready.key, { requestId, atMs: 1000 })
	expect(first).toMatchObject({ status: 200, data: { ok: true, atMs: 1000 } })
	expect(await rowOf(ready.key)).toMatchObject({ state: 'processing', cover_at_ms: 1000, cover_key: null, thumbnail_key: null })
	expect(await coverJobs()).toBe(1)

	const repeated = await chooseCover(owner, ready.key, { requestId, atMs: 1000 })
	expect(repeated).toMatchObject({ status: 200, data: { ok: true, atMs: 1000 } })
	expect(await coverJobs()).toBe(1)
	// The same id with another time is another request: refused in German.
	expect(await chooseCover(owner, ready.key, { requestId, atMs: 2000 })).toMatchObject({ status: 409, data: { ok: false, code: 'request_conflict', message: expect.stringMatching(/anderen Angaben/) } })

	await runJobsOnce(t.pool, taskList())
	const row = await rowOf(ready.key)
	expect(row).toMatchObject({ state: 'ready', cover_at_ms: 1000 })
	expect(row.cover_key).not.toBeNull()
	expect(row.thumbnail_key).not.toBeNull()
}, 60_000)

test("another user's video, an unknown key or no session: not found, nothing recorded", async () => {
	const stranger = await h.user()
	const before = await rowOf(ready.key)
	expect(await chooseCover(stranger, ready.key, { requestId: randomUUID(), atMs: 500 })).toMatchObject({
		status: 404,
		data: { ok: false, code: 'not_found', message: 'Dieses Video wurde nicht gefunden oder konnte nicht verarbeitet werden.' },
	})
	expect(await chooseCover(owner, 'videos/00000000-0000-4000-8000-000000000000.mp4', { requestId: randomUUID(), atMs: 500 })).toMatchObject({ status: 404 })
	expect(await h.call('/api/media/*', { method: 'POST', params: { '*': `${ready.key}/cover` }, body: JSON.stringify({ requestId: randomUUID(), atMs: 500 }), headers: { 'content-type': 'application/json' } })).toMatchObject({ thrown: true })
	expect(await rowOf(ready.key)).toEqual(before)
})

test('bad input is refused in German: not JSON, no request id, a negative or fractional time, a time past the end', async () => {
	const invalid = { status: 400, data: { ok: false, code: 'invalid', message: 'Bitte geben Sie einen Zeitpunkt in Sekunden an.' } }
	expect(await chooseCover(owner, ready.key, 'kein JSON')).toMatchObject(invalid)
	expect(await chooseCover(owner, ready.key, { atMs: 1000 })).toMatchObject(invalid)
	expect(await chooseCover(owner, ready.key, { requestId: randomUUID(), atMs: -1 })).toMatchObject(invalid)
	expect(await chooseCover(owner, ready.key, { requestId: randomUUID(), atMs: 1.5 })).toMatchObject(invalid)
	expect(await chooseCover(owner, ready.key, { requestId: randomUUID(), atMs: '1000' })).toMatchObject(invalid)
	const beyond = await chooseCover(owner, ready.key, { requestId: randomUUID(), atMs: 60_000 })
	expect(beyond).toMatchObject({ status: 422, data: { ok: false, code: 'beyond_duration', message: 'Der Zeitpunkt liegt hinter dem Ende des Videos (3 s).' } })
	expect((await rowOf(ready.key)).cover_at_ms).toBe(1000)
	// GET is no way to choose.
	expect(await h.call('/api/media/*', { method: 'GET', cookie: owner.cookie, params: { '*': `${ready.key}/cover` } })).toMatchObject({ status: 404 })
})

test('a video still being prepared has no length yet: refused until it is ready', async () => {
	const fresh = await upload(owner, await testClip({ seconds: 2 }))
	expect(await chooseCover(owner, fresh.key, { requestId: randomUUID(), atMs: 500 })).toMatchObject({ status: 409, data: { code: 'not_ready', message: expect.stringMatching(/noch vorbereitet/) } })
})

test('the processing read: the owner gets each of their videos in one answer (state, progress, thumbnail, cover time, length); others are left out', async () => {
	const stranger = await h.user()
	const theirs = await upload(stranger, await testClip({ seconds: 2 }))
	const fresh = await upload(owner, await testClip({ seconds: 2 }))
	const read = await h.call('/api/media/*', { cookie: owner.cookie, params: { '*': 'status' }, search: `key=${ready.key}&key=${fresh.key}&key=${theirs.key}` })
	expect(read.status).toBe(200)
	const media = (read.data as { media: Array<Record<string, unknown>> }).media
	expect(media).toHaveLength(2)
	expect(media.find((m) => m.key === ready.key)).toMatchObject({ state: 'ready', progress: 100, coverAtMs: 1000, durationMs: expect.any(Number), thumbnailUrl: expect.stringMatching(/^\/media\/images\/thumbnails\//) })
	expect(media.find((m) => m.key === fresh.key)).toMatchObject({ state: 'processing', progress: 0, thumbnailUrl: null, variantUrl: null })
	// A malformed key or too many keys: 400, no read.
	expect(await h.call('/api/media/*', { cookie: owner.cookie, params: { '*': 'status' }, search: 'key=../etc/passwd' })).toMatchObject({ status: 400 })
	expect(await h.call('/api/media/*', { cookie: owner.cookie, params: { '*': 'status' }, search: Array.from({ length: 41 }, () => `key=${ready.key}`).join('&') })).toMatchObject({ status: 400 })
})

test(`more than ${COVER_LIMIT.limit} cover choices in the window: 429 with Retry-After and a German message`, async () => {
	const user = await h.user()
	const media = await upload(user, await testClip({ seconds: 2 }))
	for (let i = 0; i < COVER_LIMIT.limit; i++) expect((await chooseCover(user, media.key, { requestId: randomUUID(), atMs: 100 })).status).toBe(409)
	const limited = await chooseCover(user, media.key, { requestId: randomUUID(), atMs: 100 })
	expect(limited).toMatchObject({ status: 429, data: { code: 'rate_limited', message: expect.stringMatching(/Zu viele Titelbilder/) } })
	expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
})
