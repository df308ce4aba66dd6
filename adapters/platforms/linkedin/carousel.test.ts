import { expect, test } from 'vitest'
import type { Checkpoint, PublishMedia } from '#modules/publishing/ports.ts'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { pngDataUrl, startLinkedinSandbox } from './testing.ts'
import { imagesOf } from '../sandbox/store.ts'

const POSTS = 'POST /rest/posts'
const INIT = 'POST /rest/images'
const image = (altText: string | null): PublishMedia => ({ kind: 'image', url: pngDataUrl, altText })
const threeImages = () => [image('Ein Gipfeli auf dem Teller'), image('Die Bäckerei von aussen'), image(null)]
type Content = { media?: { id: string; altText?: string }; multiImage?: { images: Array<{ id: string; altText?: string }> } }

function recording() {
	const checkpoints: Array<Checkpoint> = []
	const saved: Checkpoint = {}
	return {
		checkpoints,
		saved,
		hooks: {
			checkpoint: async (data: Checkpoint) => {
				checkpoints.push(data)
				Object.assign(saved, data)
			},
		},
	}
}

test('three images: each uploaded through the Images API, then one post with content.multiImage in order, each with its altText', async () => {
	await using li = await startLinkedinSandbox()
	const { hooks, checkpoints, saved } = recording()
	const published = await li.adapter().publish(li.target(li.organization), withMedia('Drei Bilder', threeImages()), hooks)

	expect(li.router.count(INIT)).toBe(3)
	const { content } = li.router.requests.find((r) => r.route === POSTS)!.json as { content: Content }
	const urns = saved.imageUrns!.split(',')
	expect(checkpoints).toEqual([{ imageUrns: saved.imageUrns }])
	expect(content).toEqual({
		multiImage: {
			images: [
				{ id: urns[0], altText: 'Ein Gipfeli auf dem Teller' },
				{ id: urns[1], altText: 'Die Bäckerei von aussen' },
				{ id: urns[2] },
			],
		},
	})
	const post = li.store.posts.find((p) => p.id === published.externalId)!
	expect(post.images!.map((i) => i.alt)).toEqual(['Ein Gipfeli auf dem Teller', 'Die Bäckerei von aussen', ''])
	expect(imagesOf(post).map((i) => `urn:li:image:${i.url.split('/').at(-1)}`)).toEqual(urns)
	// Reconciling by the first image finds the post whatever its text.
	expect(await li.adapter().findPublished(li.target(li.organization), withMedia('anderer Text', threeImages()), { imageUrns: saved.imageUrns! }, new Date(Date.now() - 60_000))).toEqual(published)
})

test('one image with alt text: content.media with its altText', async () => {
	await using li = await startLinkedinSandbox()
	await li.adapter().publish(li.target(li.person), withMedia('Ein Bild', [image('Ein Gipfeli')]), recording().hooks)
	const { content } = li.router.requests.find((r) => r.route === POSTS)!.json as { content: Content }
	expect(content).toEqual({ media: { id: expect.stringMatching(/^urn:li:image:/), altText: 'Ein Gipfeli' } })
	expect(li.store.posts[0]!.images).toEqual([{ url: expect.any(String), alt: 'Ein Gipfeli' }])
})

test('21 images or an altText over 4086 characters are refused before any upload; the fake refuses them too', async () => {
	await using li = await startLinkedinSandbox()
	const many = Array.from({ length: 21 }, () => image(null))
	await expect(li.adapter().publish(li.target(li.person), withMedia('Zu viele', many), recording().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'carousel_too_many' })
	await expect(li.adapter().publish(li.target(li.person), withMedia('Zu lang', [image('x'.repeat(4087))]), recording().hooks)).rejects.toMatchObject({ code: 'alt_text_too_long' })
	expect(li.router.count(INIT)).toBe(0)

	const { saved, hooks } = recording()
	await li.adapter().publish(li.target(li.person), withMedia('Zwei', [image(null), image(null)]), hooks)
	const [first, second] = saved.imageUrns!.split(',')
	const post = (content: Content) =>
		fetch(`${li.base}/linkedin/rest/posts`, {
			method: 'POST',
			headers: { authorization: `Bearer ${li.token}`, 'linkedin-version': '202601', 'x-restli-protocol-version': '2.0.0', 'content-type': 'application/json' },
			body: JSON.stringify({ author: li.person, commentary: 'x', visibility: 'PUBLIC', distribution: { feedDistribution: 'MAIN_FEED' }, lifecycleState: 'PUBLISHED', content }),
		}).then(async (r) => {
			const body = await r.text()
			return [r.status, body ? (JSON.parse(body) as { message: string }).message : null] as const
		})
	expect(await post({ multiImage: { images: [{ id: first! }] } })).toEqual([422, '/content/multiImage/images :: must have 2 to 20 elements'])
	expect(await post({ multiImage: { images: [{ id: first! }, { id: 'urn:li:image:fehlt' }] } })).toEqual([400, '/content/multiImage/images/1/id :: urn:li:image:fehlt is not a valid image of the author'])
	expect((await post({ media: { id: first!, altText: 'ä'.repeat(4087) } }))[0]).toBe(422)
	expect((await post({ multiImage: { images: [{ id: first! }, { id: second! }] } }))[0]).toBe(201)
})

test('a crash between the uploads and the post: the resend reuses the saved images and makes one post', async () => {
	await using li = await startLinkedinSandbox()
	const adapter = li.adapter()
	const content = withMedia('Einmal mit drei Bildern', threeImages())
	const first = recording()
	li.router.script(POSTS, [{ status: 503, body: { status: 503, message: 'Service Unavailable' } }, { pass: true }])
	await expect(adapter.publish(li.target(li.organization), content, first.hooks)).rejects.toBeTruthy()
	expect(li.store.posts).toHaveLength(0)

	const published = await adapter.publish(li.target(li.organization), content, { ...recording().hooks, previous: { ...first.saved } })

	expect(li.router.count(INIT)).toBe(3)
	const sent = li.router.requests.filter((r) => r.route === POSTS).map((r) => (r.json as { content: Content }).content.multiImage!.images.map((i) => i.id).join(','))
	expect(sent).toEqual([first.saved.imageUrns, first.saved.imageUrns])
	expect(li.store.posts.map((p) => [p.id, p.images?.length])).toEqual([[published.externalId, 3]])
})
