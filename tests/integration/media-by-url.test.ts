import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { createSafeStream } from '#adapters/web/index.ts'
import { startWebFake } from '#tests/fakes/web.ts'
import { apiClient, apiToken } from '#tests/support/api-v1.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { mcpClient, mcpToken, textOf } from '#tests/support/mcp-client.ts'
import { publishingHarness } from '#tests/support/publishing.ts'

// Media by URL on REST and MCP (ADR 0072 "Media by URL"): fetched at once through the SSRF-safe
// fetcher, stored as the user's upload, the post's item naming the stored key; a private address,
// a missing file, a too large or unsupported one refused in German with nothing saved. The "public"
// URLs are served by a local fake the test policy allows (WEB_FETCH_ALLOW_HOSTS, as article tests do).

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10) + 'T08:00:00.000Z'

type ApiMedia = { url: string; kind: string }
type ApiError = { code: string; errors: Array<{ field: string; message: string }> }

async function setup() {
	const web = await startWebFake()
	const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).png().toBuffer()
	web.setPage('/bilder/steg.png', { contentType: 'image/png', body: png })
	const bigPng = new Uint8Array(11 * 1024 * 1024)
	bigPng.set(png.subarray(0, 64))
	web.setPage('/bilder/riesig.png', { contentType: 'image/png', body: bigPng })
	web.setPage('/text.txt', { contentType: 'text/plain', body: 'Kein Bild, nur Text.' })
	const t = await createTestDatabase()
	const h = await publishingHarness(t, undefined, { WEB_FETCH_ALLOW_HOSTS: web.host })
	const { userId } = await h.connectedUser(['bluesky'])
	const count = async (table: 'posts' | 'uploads' | 'post_media') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n)
	return { web, t, h, userId, count, publicUrl: (path: string) => `https://${web.host}${path}` }
}

test('REST: an https URL is stored as the user s upload and the post names it; the same Idempotency-Key stores it once; PATCH does the same', async () => {
	const { web, t, h, userId, count, publicUrl } = await setup()
	await using _w = web
	await using _t = t
	await using _h = h
	const call = apiClient(h.services)
	const token = await apiToken(h.services, userId)
	const json = { networks: ['bluesky'], text: 'Mit Bild per Adresse', media: [{ url: publicUrl('/bilder/steg.png'), altText: 'Ein Steg' }], schedule: { type: 'at', at: inDays(3) } }

	const created = await call('POST', '/posts', { token, json, idempotencyKey: 'bild-per-url-1' })
	expect(created.status, await created.clone().text()).toBe(201)
	const post = (await created.json()) as { id: string; media: Array<ApiMedia> }
	expect(post.media).toEqual([expect.objectContaining({ kind: 'image', url: expect.stringMatching(/^\/media\/images\/[0-9a-f-]+\.jpg$/) })])
	const key = post.media[0]!.url.slice('/media/'.length)
	expect(await t.db.selectFrom('uploads').select(['kind', 'content_type']).where('user_id', '=', userId).where('storage_key', '=', key).execute()).toEqual([{ kind: 'post_image', content_type: 'image/jpeg' }])
	expect(await t.db.selectFrom('post_media').select(['file_key', 'alt_text']).where('post_id', '=', post.id).execute()).toEqual([{ file_key: key, alt_text: 'Ein Steg' }])

	const again = await call('POST', '/posts', { token, json, idempotencyKey: 'bild-per-url-1' })
	expect(((await again.json()) as { id: string }).id).toBe(post.id)
	expect([await count('posts'), await count('uploads')]).toEqual([1, 1])

	const patched = await call('PATCH', `/posts/${post.id}`, { token, json: { media: [{ url: publicUrl('/bilder/steg.png') }] } })
	expect(patched.status).toBe(200)
	const replaced = ((await patched.json()) as { media: Array<ApiMedia> }).media
	expect(replaced).toEqual([expect.objectContaining({ kind: 'image', url: expect.stringMatching(/^\/media\/images\//) })])
	expect(replaced[0]!.url).not.toBe(post.media[0]!.url)
	expect(await count('uploads')).toBe(2)
})

test('REST: private and metadata addresses, a missing file, a too large one and text are refused in German on media.0.url with nothing saved', async () => {
	const { web, t, h, userId, count, publicUrl } = await setup()
	await using _w = web
	await using _t = t
	await using _h = h
	const call = apiClient(h.services)
	const token = await apiToken(h.services, userId)
	const refusal = async (url: string) => {
		const response = await call('POST', '/posts', { token, json: { networks: ['bluesky'], text: 'Mit Bild', media: [{ url }], schedule: { type: 'at', at: inDays(3) } } })
		expect(response.status, url).toBe(400)
		const body = (await response.json()) as ApiError
		expect(body.code).toBe('invalid_request')
		expect(body.errors.map((e) => e.field)).toEqual(['media.0.url'])
		return body.errors[0]!.message
	}
	const before = web.connections()
	expect(await refusal('https://10.0.0.1/bild.png')).toMatch(/nicht erlaubt.*privaten oder lokalen/)
	expect(await refusal('https://169.254.169.254/latest/meta-data/')).toMatch(/nicht erlaubt/)
	expect(await refusal('https://localhost/bild.png')).toMatch(/nicht erlaubt/)
	expect(web.connections()).toBe(before)
	expect(await refusal(publicUrl('/gibt-es-nicht.png'))).toMatch(/nicht erreichbar/)
	expect(await refusal(publicUrl('/bilder/riesig.png'))).toMatch(/zu groß \(höchstens 10 MB\)/)
	expect(await refusal(publicUrl('/text.txt'))).toMatch(/kein unterstütztes Bild/)
	expect([await count('posts'), await count('uploads'), await count('post_media')]).toEqual([0, 0, 0])
})

test('MCP: create_post stores a URL as an upload; update_post with a private address is a German tool error and changes nothing', async () => {
	const { web, t, h, userId, count, publicUrl } = await setup()
	await using _w = web
	await using _t = t
	await using _h = h
	const { call } = await mcpClient(h.services, await mcpToken(h.services, userId, ['read', 'posts']))
	const created = (await call('create_post', { networks: ['bluesky'], text: 'Aus dem Chat mit Bild', media: [{ url: publicUrl('/bilder/steg.png') }], schedule: { type: 'next_slot' } })) as CallToolResult
	expect(created.isError, textOf(created)).toBeFalsy()
	const postId = (created.structuredContent as { post: { id: string } }).post.id
	const [stored] = await t.db.selectFrom('post_media').select('file_key').where('post_id', '=', postId).execute()
	expect(stored?.file_key).toMatch(/^images\/[0-9a-f-]+\.jpg$/)
	expect(await count('uploads')).toBe(1)

	const refused = (await call('update_post', { id: postId, text: 'Geändert', media: [{ url: 'https://10.0.0.1/bild.png' }] })) as CallToolResult
	expect(refused.isError).toBe(true)
	expect(textOf(refused)).toMatch(/media\.0\.url: Diese Adresse ist nicht erlaubt/)
	expect(await t.db.selectFrom('post_media').select('file_key').where('post_id', '=', postId).execute()).toEqual([stored])
	const detail = (await call('get_post', { id: postId })) as CallToolResult
	expect((detail.structuredContent as { text: string }).text).toBe('Aus dem Chat mit Bild')
})

test('outside the test policy the streaming fetcher refuses loopback, private and metadata addresses before connecting', async () => {
	const stream = createSafeStream({ lookup: async () => [{ address: '127.0.0.1', family: 4 }] })
	for (const url of ['https://localhost/bild.png', 'https://127.0.0.1/bild.png', 'https://10.0.0.1/bild.png', 'https://169.254.169.254/latest/', 'https://bilder.example.ch/bild.png']) {
		await expect(stream(url), url).rejects.toMatchObject({ name: 'WebReadError', code: 'blocked_address' })
	}
})
