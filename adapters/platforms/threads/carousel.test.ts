import { expect, test } from 'vitest'
import type { PublishMedia } from '#modules/publishing/ports.ts'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { connect, recordingHooks, targetOf, threadsSandbox, type ThreadsSandbox } from './testing.ts'

const CREATE = 'POST /v1.0/:uid/threads'
const PUBLISH = 'POST /v1.0/:uid/threads_publish'
const image = (name: string, altText: string | null): PublishMedia => ({ kind: 'image', url: `https://cdn.example/${name}.jpg`, altText })
const threeImages = () => [image('gipfeli', 'Ein Gipfeli auf dem Teller'), image('laden', 'Die Bäckerei von aussen'), image('kaffee', null)]

/** A container request to the fake as a client sends it. */
async function createRaw(sandbox: ThreadsSandbox, token: string, params: Record<string, string>) {
	const response = await fetch(`${sandbox.base}/threads/v1.0/me/threads`, { method: 'POST', body: new URLSearchParams({ ...params, access_token: token }) })
	return (await response.json()) as { id?: string; error?: { message: string } }
}

test('three images: an IMAGE item container each (is_carousel_item, alt_text), waited for, then CAROUSEL with the children in order and the text', async () => {
	await using sandbox = await threadsSandbox({ processingPolls: 1 })
	const target = targetOf(await connect(sandbox))
	const { hooks, checkpoints, saved } = recordingHooks()

	const published = await sandbox.adapter.publish(target, withMedia('Drei Bilder', threeImages()), hooks)

	const creates = sandbox.router.requests.filter((r) => r.route === CREATE)
	expect(creates.map((r) => [r.form.get('media_type'), r.form.get('image_url'), r.form.get('is_carousel_item'), r.form.get('alt_text'), r.form.get('text')])).toEqual([
		['IMAGE', 'https://cdn.example/gipfeli.jpg', 'true', 'Ein Gipfeli auf dem Teller', null],
		['IMAGE', 'https://cdn.example/laden.jpg', 'true', 'Die Bäckerei von aussen', null],
		['IMAGE', 'https://cdn.example/kaffee.jpg', 'true', null, null],
		['CAROUSEL', null, null, null, 'Drei Bilder'],
	])
	expect(creates[3]!.form.get('children')).toBe(saved.childIds)
	expect(checkpoints).toEqual([{ childIds: saved.childIds }, { containerId: saved.containerId }])
	expect(sandbox.router.count(PUBLISH)).toBe(1)
	const [post] = sandbox.store.posts
	expect(post).toMatchObject({ id: published.externalId, text: 'Drei Bilder', imageUrl: 'https://cdn.example/gipfeli.jpg' })
	expect(post!.images).toEqual([
		{ url: 'https://cdn.example/gipfeli.jpg', alt: 'Ein Gipfeli auf dem Teller' },
		{ url: 'https://cdn.example/laden.jpg', alt: 'Die Bäckerei von aussen' },
		{ url: 'https://cdn.example/kaffee.jpg', alt: '' },
	])
	// Reconciling knows a carousel by its media type.
	const content = withMedia('Drei Bilder', threeImages())
	expect(await sandbox.adapter.findPublished(target, content, {}, new Date(Date.now() - 60_000))).toEqual(published)
	expect(await sandbox.adapter.findPublished(target, withMedia('Drei Bilder', [image('a', null)]), {}, new Date(Date.now() - 60_000))).toBeNull()
})

test('a single image with alt text: one IMAGE container with alt_text', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	await sandbox.adapter.publish(target, withMedia('Ein Bild', [image('gipfeli', 'Ein Gipfeli')]), recordingHooks().hooks)
	const [create] = sandbox.router.requests.filter((r) => r.route === CREATE)
	expect(Object.fromEntries([...create!.form].filter(([key]) => key !== 'access_token'))).toEqual({ media_type: 'IMAGE', image_url: 'https://cdn.example/gipfeli.jpg', alt_text: 'Ein Gipfeli', text: 'Ein Bild' })
	expect(sandbox.store.posts[0]!.images).toEqual([{ url: 'https://cdn.example/gipfeli.jpg', alt: 'Ein Gipfeli' }])
})

test('21 images or a long alt text are refused before any request; the fake refuses a wrong carousel as the documents say', async () => {
	await using sandbox = await threadsSandbox()
	const account = await connect(sandbox)
	const target = targetOf(account)
	sandbox.router.requests.length = 0
	const many = Array.from({ length: 21 }, (_, i) => image(`b${i}`, null))
	await expect(sandbox.adapter.publish(target, withMedia('Zu viele', many), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'carousel_too_many' })
	await expect(sandbox.adapter.publish(target, withMedia('Zu lang', [image('a', 'x'.repeat(1001))]), recordingHooks().hooks)).rejects.toMatchObject({ code: 'alt_text_too_long' })
	expect(sandbox.router.requests).toHaveLength(0)

	const token = account.token.accessToken
	const item = async () => (await createRaw(sandbox, token, { media_type: 'IMAGE', image_url: 'https://cdn.example/a.jpg', is_carousel_item: 'true' })).id!
	const plain = (await createRaw(sandbox, token, { media_type: 'IMAGE', image_url: 'https://cdn.example/a.jpg' })).id!
	const [one, two] = [await item(), await item()]
	const carousel = (children: Array<string>) => createRaw(sandbox, token, { media_type: 'CAROUSEL', children: children.join(','), text: 'x' })
	expect((await carousel([one])).error!.message).toContain('2 to 20 children; got 1')
	expect((await carousel(Array.from({ length: 21 }, () => one))).error!.message).toContain('got 21')
	expect((await carousel([one, plain])).error!.message).toContain('is_carousel_item=true')
	expect((await carousel([one, 'tc_999999'])).error!.message).toContain("'tc_999999' does not exist")
	expect((await createRaw(sandbox, token, { media_type: 'IMAGE', image_url: 'https://cdn.example/a.jpg', alt_text: 'ä'.repeat(1001) })).error!.message).toContain('alt_text must be at most 1000')
	const publishItem = await fetch(`${sandbox.base}/threads/v1.0/me/threads_publish`, { method: 'POST', body: new URLSearchParams({ creation_id: one, access_token: token }) })
	expect(((await publishItem.json()) as { error: { message: string } }).error.message).toContain('published through its CAROUSEL container')
	expect((await carousel([one, two])).id).toMatch(/^tc_/)
	expect(sandbox.store.posts).toHaveLength(0)
})

test('a crash between the items and the carousel container: the resend reuses the saved items and publishes one post', async () => {
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	const content = withMedia('Einmal mit drei Bildern', threeImages())
	const first = recordingHooks()
	sandbox.router.script(CREATE, [{ pass: true }, { pass: true }, { pass: true }, { status: 500, body: { error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1 } } }, { pass: true }])
	await expect(sandbox.adapter.publish(target, content, first.hooks)).rejects.toBeTruthy()
	expect(first.saved.childIds!.split(',')).toHaveLength(3)
	expect(first.saved.containerId).toBeUndefined()

	const published = await sandbox.adapter.publish(target, content, { ...recordingHooks().hooks, previous: first.latest() })

	const creates = sandbox.router.requests.filter((r) => r.route === CREATE)
	expect(creates).toHaveLength(5)
	expect(creates[4]!.form.get('children')).toBe(first.saved.childIds)
	expect(sandbox.store.posts.map((p) => [p.id, p.images?.length])).toEqual([[published.externalId, 3]])
})
