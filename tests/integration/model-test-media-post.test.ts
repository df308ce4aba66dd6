// ADR 0068 (issue 39): a model test's video enters the media pipeline as an upload does (a variant row
// and a media_process job, then ready), a post made from it in the creator has it as its AI-generated
// video item and goes to Instagram as a Reel; a model test's image handed to the creator by its key
// keeps the AI label and the test's alt text. Another user's key is refused on both paths.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import { toTaskList } from '#modules/core/jobs.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { grantCredits } from '#modules/credits/index.ts'
import { labelAsAiGenerated } from '#modules/media/index.ts'
import { newCreatorPost, type CreatorPost } from '#modules/posting/creator-post.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { smartPostInput } from '#tests/support/generation-input.ts'
import { runJobsOnce } from '#tests/support/jobs.ts'
import { noisePng } from '#tests/support/media-samples.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { serveMedia } from '#tests/support/serve-media.ts'
import { makePro } from '#tests/support/users.ts'
import sharp from 'sharp'

const zurich = 'Europe/Zurich'
const MEDIA_JOB = 'media_process'
const VIDEO_JOB = 'model_test_video'

let dataDir: string
beforeAll(async () => {
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-model-test-media-'))
})
afterAll(async () => {
	await fs.rm(dataDir, { recursive: true, force: true })
})

/** The composition root on a file store of this test's own (served as the app's /media/ for the Instagram fake); without AI keys: Testmodus. */
async function setUp() {
	const t = await createTestDatabase()
	await seedModelCatalogue(t.db)
	const root = path.join(dataDir, randomUUID())
	const app = await serveMedia(root)
	const h = await publishingHarness(t, undefined, { DATA_DIR: root }, { appUrl: app.url })
	const logger = createLogger('silent')
	const run = (which: (task: string) => boolean) => runJobsOnce(t.pool, toTaskList(h.composition.tasks.filter((task) => which(task.id)), logger))
	async function user(platforms: Parameters<typeof h.connectedUser>[0] = ['instagram']) {
		const { userId } = await h.connectedUser(platforms)
		await grantCredits(t.db, { userId, amount: 100, type: 'signup_bonus', reference: 'signup' })
		await makePro(t.db, userId)
		return userId
	}
	return {
		t,
		h,
		user,
		videoTests: () => run((task) => task === VIDEO_JOB),
		media: () => run((task) => task === MEDIA_JOB),
		publishing: () => run((task) => task !== MEDIA_JOB && task !== VIDEO_JOB),
		async [Symbol.asyncDispose]() {
			await h[Symbol.asyncDispose]()
			await app.close()
			await t[Symbol.asyncDispose]()
		},
	}
}

type Setup = Awaited<ReturnType<typeof setUp>>

/** A video model test in Testmodus (the local renderer makes a real MP4), run by its job: the video's /media/ path. */
async function modelTestVideo(s: Setup, userId: string) {
	const outcome = await s.h.services.generation.runModelTest(userId, { modelIds: ['wan-2.2-t2v-fast'], category: 'video', prompt: 'Ein Zug fährt durch die Alpen', agentId: null, video: { aspectRatio: '9:16', resolution: '480p', durationSeconds: 5 } })
	if (!outcome.ok) throw new Error(outcome.code)
	await s.videoTests()
	const [view] = await s.h.services.generation.modelTests(userId, [outcome.tests[0]!.id])
	expect(view).toMatchObject({ status: 'succeeded', result: { type: 'video' } })
	return view!.result!.content
}

const creatorPost = (overrides: Partial<CreatorPost>): CreatorPost => ({ platforms: ['instagram'], texts: { instagram: 'Unser Zug in den Alpen' }, images: {}, prompt: 'Ein Zug', editing: null, ...overrides })

const mediaOf = (s: Setup, postId: string) => s.t.db.selectFrom('post_media').select(['kind', 'file_key', 'ai_generated', 'alt_text']).where('post_id', '=', postId).orderBy('position').execute()

test('a model test video goes through the media pipeline, becomes the post video and goes to Instagram as an AI-labelled Reel', { timeout: 180_000 }, async () => {
	await using s = await setUp()
	const userId = await s.user()
	const url = await modelTestVideo(s, userId)
	const key = url.slice('/media/'.length)

	// Handed to the media pipeline as an uploaded video: a generated upload, its variant row, its job.
	const variant = () => s.t.db.selectFrom('media_variants as v').innerJoin('uploads as u', 'u.id', 'v.upload_id').select(['u.kind', 'v.state', 'v.progress', 'v.thumbnail_key', 'v.variant_key']).where('v.source_key', '=', key).executeTakeFirstOrThrow()
	expect(await variant()).toMatchObject({ kind: 'generated_video', state: 'processing', progress: 0 })
	await s.media()
	expect(await variant()).toMatchObject({ kind: 'generated_video', state: 'ready', progress: 100, thumbnail_key: expect.stringMatching(/^images\/thumbnails\//), variant_key: expect.stringMatching(/^videos\/variants\//) })
	const [processed] = await s.h.services.media.processed(userId, [key])
	expect(processed).toMatchObject({ key, state: 'ready' })

	// The creator's 'Jetzt posten' with the video: the post's one item, AI-generated; Instagram gets a Reel with its AI flag.
	const created = await s.h.services.content.publishNewPost(userId, randomUUID(), newCreatorPost(creatorPost({ video: url })), zurich)
	if (!created.ok) throw new Error(created.error)
	expect(await mediaOf(s, created.post.id)).toEqual([{ kind: 'video', file_key: key, ai_generated: true, alt_text: null }])
	await s.publishing()
	const [reel] = s.h.posts('instagram')
	expect(reel).toMatchObject({ text: 'Unser Zug in den Alpen', aiGenerated: true })
	expect(reel!.images).toEqual([expect.objectContaining({ kind: 'video' })])
})

test("another user's model test video is refused: no post item, no generation", { timeout: 180_000 }, async () => {
	await using s = await setUp()
	const owner = await s.user()
	const url = await modelTestVideo(s, owner)
	const other = await s.user()
	const balance = () => s.t.db.selectFrom('profiles').select('credits_remaining').where('id', '=', other).executeTakeFirstOrThrow()
	const before = await balance()

	const created = await s.h.services.content.publishNewPost(other, randomUUID(), newCreatorPost(creatorPost({ video: url })), zurich)
	expect(created).toMatchObject({ ok: false, error: 'invalid_media' })
	const generated = await s.h.services.generation.generate(other, smartPostInput(['instagram'], { prompt: 'Ein Zug', generatedMedia: url.slice('/media/'.length) }))
	expect(generated).toEqual({ ok: false, code: 'generated_media_unavailable' })
	// Nothing was charged for the refused generation.
	expect(await balance()).toEqual(before)
})

test("a model test image handed over by its key keeps the AI label and the test's alt text in the post's items", { timeout: 120_000 }, async () => {
	await using s = await setUp()
	const userId = await s.user()
	// As the model test stores an image (labelled, with its German alt text).
	const key = `images/${randomUUID()}.jpg`
	const jpeg = await labelAsAiGenerated(new Uint8Array(await sharp(await noisePng(600, 600)).jpeg().toBuffer()))
	await s.h.services.files.put(key, jpeg, 'image/jpeg')
	await s.t.db.insertInto('uploads').values({ user_id: userId, kind: 'generated_image', storage_key: key, content_type: 'image/jpeg', byte_size: jpeg.byteLength, alt_text: 'Ein Zug in verschneiten Bergen.' }).execute()

	const generated = await s.h.services.generation.generate(userId, smartPostInput(['instagram'], { kind: 'image-prompt', prompt: 'Ein Zug in den Alpen', generatedMedia: key }))
	if (!generated.ok) throw new Error(generated.code)
	const cut = generated.images.instagram!
	expect(cut).toMatch(/^\/media\/images\/[0-9a-f-]+\.jpg$/)
	// Cut to the network's aspect, still the generated image: its upload is generated, with the test's alt text.
	const upload = await s.t.db.selectFrom('uploads').select(['kind', 'alt_text']).where('storage_key', '=', cut.slice('/media/'.length)).executeTakeFirstOrThrow()
	expect(upload).toEqual({ kind: 'generated_image', alt_text: 'Ein Zug in verschneiten Bergen.' })

	const created = await s.h.services.content.createScheduledPost(userId, randomUUID(), newCreatorPost(creatorPost({ images: { instagram: cut } })), { date: tomorrow(), time: '10:00', timeZone: zurich })
	if (!created.ok) throw new Error(created.error)
	// The post's image and Instagram's own (the creator sends both) are the cut, generated, with the alt text.
	const items = await mediaOf(s, created.post.id)
	expect(items.length).toBeGreaterThan(0)
	for (const item of items) expect(item).toEqual({ kind: 'image', file_key: cut.slice('/media/'.length), ai_generated: true, alt_text: 'Ein Zug in verschneiten Bergen.' })
})

function tomorrow() {
	const date = new Date(Date.now() + 24 * 3600 * 1000)
	return date.toISOString().slice(0, 10)
}
