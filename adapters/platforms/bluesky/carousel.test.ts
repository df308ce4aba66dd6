import { expect, test } from 'vitest'
import { withMedia } from '#modules/publishing/publish-media.ts'
import type { PublishMedia } from '#modules/publishing/ports.ts'
import { blueskySandbox, connect, firstRequests, imageUrl, losingAnswers, recordingHooks, targetOf, withDeadline, xrpcRoute } from './testing.ts'
import { imagesOf } from '../sandbox/store.ts'

const CREATE = xrpcRoute('POST', 'com.atproto.repo.createRecord')
const UPLOAD = xrpcRoute('POST', 'com.atproto.repo.uploadBlob')
type Embedded = { alt: string; image: { ref: { $link: string } }; aspectRatio: { width: number; height: number } }

const image = async (width: number, height: number, altText: string | null): Promise<PublishMedia> => ({ kind: 'image', url: await imageUrl(width, height), altText })
const threeImages = async () => [await image(300, 200, 'Ein Gipfeli auf dem Teller'), await image(200, 300, 'Die Bäckerei von aussen'), await image(250, 250, null)]

test('three images go out as one app.bsky.embed.images in order, each with its alt and aspect ratio; the feed page shows them with alt=', async () => {
	await using sandbox = await blueskySandbox()
	const target = targetOf(await connect(sandbox))

	await sandbox.adapter.publish(target, withMedia('Drei Bilder', await threeImages()), recordingHooks().hooks)

	expect(sandbox.router.count(UPLOAD)).toBe(3)
	const { record } = sandbox.router.requests.find((r) => r.route === CREATE)!.json as { record: { embed: { $type: string; images: Array<Embedded> } } }
	expect(record.embed.$type).toBe('app.bsky.embed.images')
	expect(record.embed.images.map((i) => [i.alt, i.aspectRatio])).toEqual([
		['Ein Gipfeli auf dem Teller', { width: 300, height: 200 }],
		['Die Bäckerei von aussen', { width: 200, height: 300 }],
		['', { width: 250, height: 250 }],
	])
	const [post] = sandbox.store.posts
	expect(post!.images!.map((i) => i.alt)).toEqual(['Ein Gipfeli auf dem Teller', 'Die Bäckerei von aussen', ''])
	expect(imagesOf(post!).map((i) => i.url.split('cid=')[1])).toEqual(record.embed.images.map((i) => i.image.ref.$link))
	expect(post!.imageUrl).toBe(post!.images![0]!.url)
	const feed = await (await fetch(`${sandbox.base}/`)).text()
	expect(feed).toContain('alt="Ein Gipfeli auf dem Teller"')
	expect(feed).toContain('alt="Die Bäckerei von aussen"')
})

test('five images or an alt text over 2000 characters are refused before anything is uploaded; the fake refuses five too', async () => {
	await using sandbox = await blueskySandbox()
	const account = await connect(sandbox)
	const target = targetOf(account)
	const five = [...(await threeImages()), await image(10, 10, null), await image(20, 20, null)]
	await expect(sandbox.adapter.publish(target, withMedia('Zu viele', five), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'carousel_too_many' })
	const long = [await image(10, 10, 'ä'.repeat(2001))]
	await expect(sandbox.adapter.publish(target, withMedia('Zu lang', long), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'alt_text_too_long' })
	expect(sandbox.router.count(UPLOAD)).toBe(0)

	const blob = { $type: 'blob', ref: { $link: 'bafkreinichtda' }, mimeType: 'image/png', size: 1 }
	const response = await fetch(`${sandbox.mount}/host/pds.sandbox.bsky.example/xrpc/com.atproto.repo.createRecord`, {
		method: 'POST',
		headers: { authorization: `Bearer ${account.token.accessToken}`, 'content-type': 'application/json' },
		body: JSON.stringify({ repo: account.accountId, collection: 'app.bsky.feed.post', record: { $type: 'app.bsky.feed.post', text: 'x', createdAt: new Date().toISOString(), embed: { $type: 'app.bsky.embed.images', images: Array.from({ length: 5 }, () => ({ alt: '', image: blob })) } } }),
	})
	expect(response.status).toBe(400)
	expect(((await response.json()) as { message: string }).message).toContain('must have 1 to 4 elements')
	expect(sandbox.store.posts).toHaveLength(0)
})

test('a crash after the uploads (the createRecord answer lost): the resend under the saved record key finds the one post with its three images', async () => {
	await using sandbox = await blueskySandbox({ fetch: losingAnswers(globalThis.fetch, firstRequests(1, 'POST', '/xrpc/com.atproto.repo.createRecord')) })
	const target = targetOf(await connect(sandbox))
	const content = withMedia('Einmal mit drei Bildern', await threeImages())
	const { hooks, latest } = recordingHooks()
	await expect(withDeadline(sandbox.settings, 300, () => sandbox.adapter.publish(target, content, hooks))).rejects.toMatchObject({ kind: 'unknown_outcome' })

	const again = await sandbox.adapter.publish(target, content, { ...recordingHooks().hooks, previous: latest() })

	expect(sandbox.store.posts).toHaveLength(1)
	expect(sandbox.store.posts[0]!.images).toHaveLength(3)
	expect(again.externalId).toBe(sandbox.store.posts[0]!.id)
	expect(await sandbox.adapter.findPublished(target, content, {}, new Date(Date.now() - 60_000))).toEqual(again)
})
