// Issue 39 item 2 (ADR 0065): the images a network receives are made to its rules when they are sent.
// A mixed-aspect carousel reaches the Instagram fake in the first image's aspect (cropped or padded as
// the post chose), a PNG as JPEG, a too-big image under 8 MB, a generated image with its AI label;
// alt text and order unchanged. The fake fetches every image from the app's /media/ URL.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'kysely'
import sharp, { type Sharp } from 'sharp'
import { expect, test } from 'vitest'
import type { FileStore } from '#modules/core/files.server.ts'
import { AI_LABEL_XMP, isLabelledAiGenerated } from '#modules/media/ai-label.server.ts'
import { apiClient, apiToken } from '#tests/support/api-v1.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { publishingHarness } from '#tests/support/publishing.ts'
import { imagesOf } from '#adapters/platforms/sandbox/store.ts'

const zurich = 'Europe/Zurich'
const INSTAGRAM_MAX_BYTES = 8 * 1024 * 1024

/** Serves the file store at /media/<key> on a loopback port: the app's own URL the fake fetches images from. */
async function startMediaServer() {
	let files: FileStore | null = null
	const server = http.createServer(async (req, res) => {
		const key = decodeURIComponent((req.url ?? '').replace(/^\/media\//, ''))
		const file = files ? await files.get(key) : null
		if (!file) return void res.writeHead(404).end()
		res.writeHead(200, { 'content-type': file.contentType, 'content-length': file.bytes.byteLength }).end(Buffer.from(file.bytes))
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		serve: (store: FileStore) => void (files = store),
		[Symbol.asyncDispose]: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

type Stored = { key: string; contentType: string; bytes: Uint8Array; width: number; height: number; alt: string }

async function stored(key: string, alt: string, image: Sharp, contentType: string): Promise<Stored> {
	const { data, info } = await image.toBuffer({ resolveWithObject: true })
	return { key, contentType, bytes: new Uint8Array(data), width: info.width, height: info.height, alt }
}

const flat = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } })
// Noise does not compress: at full quality 2400 × 3200 pixels are far over Instagram's 8 MB.
const noise = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 90 } } })

async function setup() {
	const t = await createTestDatabase()
	const media = await startMediaServer()
	const h = await publishingHarness(t, undefined, {}, { appUrl: media.url })
	media.serve(h.services.files)
	const { userId } = await h.connectedUser(['instagram'])
	const images = [
		await stored('images/carousel/quadrat.jpg', 'Ein Zopf, quadratisch', flat(1000, 1000).jpeg({ quality: 90 }), 'image/jpeg'),
		await stored('images/carousel/quer.png', 'Die Backstube im Querformat', flat(1600, 900).withXmp(AI_LABEL_XMP).png(), 'image/png'),
		await stored('images/carousel/hoch.jpg', 'Brote im Regal, hoch', noise(2400, 3200).jpeg({ quality: 100 }), 'image/jpeg'),
	]
	for (const image of images) await h.services.files.put(image.key, image.bytes, image.contentType)
	/** `figures: false`: rows as an upload through the editor writes them (no size, type or bytes: read from the file). */
	const postWith = async (text: string, fit: 'crop' | 'pad', figures = true) => {
		const post = await h.services.content.createPost(userId, { platform: 'instagram', content: { base: text, platforms: {} }, status: 'draft', timeZone: zurich })
		for (const [position, image] of images.entries()) {
			await sql`insert into post_media (post_id, user_id, brand_id, position, kind, url, file_key, content_type, size_bytes, width, height, alt_text, source)
				select id, user_id, brand_id, ${position}, 'image', ${`/media/${image.key}`}, ${image.key}, ${figures ? image.contentType : null}, ${figures ? image.bytes.byteLength : null},
					${figures ? image.width : null}::int, ${figures ? image.height : null}::int, ${image.alt}, 'upload'
				from posts where id = ${post.id}`.execute(t.db)
		}
		expect((await h.services.content.setCarouselFit(userId, post.id, fit)).ok).toBe(true)
		expect(await h.services.publishing.publishNow(userId, post.id)).toBe(1)
		await h.runDueJobs()
		const published = h.posts('instagram').find((p) => p.text === text)
		expect(published, 'published on the fake').toBeDefined()
		return published!
	}
	const received = async (url: string) => {
		const bytes = h.sandbox.store.received(url)
		expect(bytes, `the fake fetched ${url}`).not.toBeNull()
		return { bytes: bytes!, meta: await sharp(bytes!).metadata() }
	}
	return { t, h, images, postWith, received, [Symbol.asyncDispose]: async () => (await h[Symbol.asyncDispose](), await media[Symbol.asyncDispose](), await t[Symbol.asyncDispose]()) }
}

test("a square, a landscape PNG and a too-big portrait reach Instagram's fake all square (cropped), as JPEG under 8 MB, the AI label kept, alt text and order unchanged", async () => {
	await using s = await setup()
	const post = await s.postWith('Drei Brote', 'crop')
	expect(post.images?.map((image) => image.alt)).toEqual(s.images.map((image) => image.alt))
	// The first was already what Instagram takes: sent as it is.
	expect(post.images?.[0]?.url).toMatch(/\/media\/images\/carousel\/quadrat\.jpg$/)
	const files = await Promise.all(imagesOf(post).map((image) => s.received(image.url)))
	for (const { bytes, meta } of files) {
		expect(meta.format).toBe('jpeg')
		expect(Math.abs(meta.width / meta.height - 1)).toBeLessThan(0.005)
		expect(bytes.byteLength).toBeLessThanOrEqual(INSTAGRAM_MAX_BYTES)
	}
	expect(s.images[2]!.bytes.byteLength).toBeGreaterThan(INSTAGRAM_MAX_BYTES)
	expect(files.map(({ meta }) => [meta.width, meta.height])).toEqual([[1000, 1000], [900, 900], [2400, 2400]])
	expect(await isLabelledAiGenerated(files[1]!.bytes)).toBe(true)
	expect(await isLabelledAiGenerated(files[2]!.bytes)).toBe(false)
	// What the sandbox shows: the sizes it read from the files.
	expect(imagesOf(post).map((image) => [image.width, image.height])).toEqual([[1000, 1000], [900, 900], [2400, 2400]])
})

test("'Auffüllen' pads instead (rows without sizes, as uploads write them): nothing cut off, a white band around; a rerun finds the same variants instead of adding others", async () => {
	await using s = await setup()
	const post = await s.postWith('Aufgefüllt', 'pad', false)
	const files = await Promise.all(imagesOf(post).map((image) => s.received(image.url)))
	expect(files.slice(0, 2).map(({ meta }) => [meta.width, meta.height])).toEqual([[1000, 1000], [1600, 1600]])
	const padded = await sharp(files[1]!.bytes).raw().toBuffer({ resolveWithObject: true })
	const pixel = (x: number, y: number) => [...padded.data.subarray((y * padded.info.width + x) * 3, (y * padded.info.width + x) * 3 + 3)]
	expect(pixel(800, 5).every((channel) => channel > 245)).toBe(true)
	expect(pixel(800, 800)[0]).toBeGreaterThan(150)
	const tall = files[2]!.meta
	expect(Math.abs(tall.width / tall.height - 1)).toBeLessThan(0.005)
	expect(files[2]!.bytes.byteLength).toBeLessThanOrEqual(INSTAGRAM_MAX_BYTES)

	const again = await s.postWith('Aufgefüllt, noch einmal', 'pad', false)
	expect(again.images?.map((image) => image.url)).toEqual(post.images?.map((image) => image.url))
	const rows = await s.t.db.selectFrom('posts').select('carousel_fit').where('carousel_fit', '=', 'pad').execute()
	expect(rows).toHaveLength(2)
})

test("REST: PATCH /posts/{id} sets carouselFit ('crop' or 'pad'), the post view names it; another value is refused", async () => {
	await using t = await createTestDatabase()
	await using h = await publishingHarness(t)
	const { userId } = await h.connectedUser(['instagram'])
	const token = await apiToken(h.services, userId)
	const call = apiClient(h.services)
	const post = await h.services.content.createPost(userId, { platform: 'instagram', content: { base: 'Karussell', platforms: {} }, status: 'draft', timeZone: zurich })
	expect(await (await call('GET', `/posts/${post.id}`, { token })).json()).toMatchObject({ carouselFit: 'crop' })
	const patched = await call('PATCH', `/posts/${post.id}`, { token, json: { carouselFit: 'pad' } })
	expect(patched.status).toBe(200)
	expect(await patched.json()).toMatchObject({ carouselFit: 'pad' })
	expect((await t.db.selectFrom('posts').select('carousel_fit').where('id', '=', post.id).executeTakeFirstOrThrow()).carousel_fit).toBe('pad')
	expect((await call('PATCH', `/posts/${post.id}`, { token, json: { carouselFit: 'stretch' } })).status).toBe(400)
})
