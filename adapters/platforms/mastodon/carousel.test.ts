import { expect, test } from 'vitest'
import type { PublishMedia } from '#modules/publishing/ports.ts'
import { withMedia } from '#modules/publishing/publish-media.ts'
import { connect, mastodonSandbox, recordingHooks, targetOf } from './testing.ts'
import { imagesOf } from '../sandbox/store.ts'

const STATUSES = 'POST /host/:host/api/v1/statuses'
const MEDIA = 'POST /host/:host/api/v2/media'

const image = (altText: string | null): PublishMedia => ({ kind: 'image', url: 'https://bilder.example/bild.png', altText })
const threeImages = () => [image('Ein Gipfeli auf dem Teller'), image('Die Bäckerei von aussen'), image(null)]

test('three images: each uploaded with its alt text as description, attached in order; the status and the feed page show them', async () => {
	await using sandbox = await mastodonSandbox({ mediaPolls: 1 })
	const target = targetOf(await connect(sandbox))
	const { hooks, checkpoints } = recordingHooks()

	const published = await sandbox.adapter.publish(target, withMedia('Drei Bilder', threeImages()), hooks)

	const uploads = sandbox.router.requests.filter((r) => r.route === MEDIA)
	expect(uploads).toHaveLength(3)
	const { media_ids: mediaIds } = sandbox.router.requests.find((r) => r.route === STATUSES)!.json as { media_ids: Array<string> }
	expect(mediaIds).toHaveLength(3)
	// The upload ids are saved before the status that attaches them is sent.
	expect(checkpoints[0]).toEqual({ mediaIds: mediaIds.join(',') })
	const [post] = sandbox.store.posts
	expect(imagesOf(post!).map((i) => [i.url.split('/').at(-1), i.alt])).toEqual([
		[mediaIds[0], 'Ein Gipfeli auf dem Teller'],
		[mediaIds[1], 'Die Bäckerei von aussen'],
		[mediaIds[2], ''],
	])
	const status = (await (await fetch(`${sandbox.base}/mastodon/host/mastodon.example/api/v1/statuses/${published.externalId}`)).json()) as { media_attachments: Array<{ id: string; description: string | null }> }
	expect(status.media_attachments.map((m) => [m.id, m.description])).toEqual([
		[mediaIds[0], 'Ein Gipfeli auf dem Teller'],
		[mediaIds[1], 'Die Bäckerei von aussen'],
		[mediaIds[2], null],
	])
	expect(await (await fetch(`${sandbox.base}/`)).text()).toContain('alt="Die Bäckerei von aussen"')
})

test('five images or an alt text over 1500 characters are refused before any upload; the instance refuses them too', async () => {
	await using sandbox = await mastodonSandbox()
	const account = await connect(sandbox)
	const target = targetOf(account)
	const five = [...threeImages(), image(null), image(null)]
	await expect(sandbox.adapter.publish(target, withMedia('Zu viele', five), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'carousel_too_many' })
	await expect(sandbox.adapter.publish(target, withMedia('Zu lang', [image('a'.repeat(1501))]), recordingHooks().hooks)).rejects.toMatchObject({ kind: 'invalid_request', code: 'alt_text_too_long' })
	expect(sandbox.router.count(MEDIA)).toBe(0)

	const form = new FormData()
	form.set('file', new Blob([new Uint8Array(Buffer.from('89504e470d0a1a0a', 'hex'))], { type: 'image/png' }), 'bild.png')
	form.set('description', 'ä'.repeat(1501))
	const upload = await fetch(`${sandbox.base}/mastodon/host/mastodon.example/api/v2/media`, { method: 'POST', headers: { authorization: `Bearer ${account.token.accessToken}` }, body: form })
	expect(upload.status).toBe(422)
	expect(await upload.json()).toEqual({ error: 'Validation failed: Description is too long (maximum is 1500 characters)' })
	const status = await fetch(`${sandbox.base}/mastodon/host/mastodon.example/api/v1/statuses`, {
		method: 'POST',
		headers: { authorization: `Bearer ${account.token.accessToken}`, 'content-type': 'application/json' },
		body: JSON.stringify({ status: 'x', media_ids: ['1', '2', '3', '4', '5'] }),
	})
	expect(status.status).toBe(422)
	expect(sandbox.store.posts).toHaveLength(0)
})

test('a crash between the uploads and the status: the resend attaches the saved uploads, nothing is uploaded or posted twice', async () => {
	await using sandbox = await mastodonSandbox()
	const target = targetOf(await connect(sandbox))
	const content = withMedia('Einmal mit drei Bildern', threeImages())
	const first = recordingHooks()
	// The status request never reaches the instance (the process died before it).
	sandbox.router.script(STATUSES, [{ status: 503, body: { error: 'weg' } }, { pass: true }])
	await expect(sandbox.adapter.publish(target, content, first.hooks)).rejects.toMatchObject({ status: 503 })
	expect(sandbox.store.posts).toHaveLength(0)

	const published = await sandbox.adapter.publish(target, content, { ...recordingHooks().hooks, previous: first.latest() })

	expect(sandbox.router.count(MEDIA)).toBe(3)
	const sent = sandbox.router.requests.filter((r) => r.route === STATUSES).map((r) => (r.json as { media_ids: Array<string> }).media_ids.join(','))
	expect(sent).toEqual([first.latest().mediaIds, first.latest().mediaIds])
	expect(sandbox.store.posts.map((p) => [p.id, p.images?.length])).toEqual([[published.externalId, 3]])
	// Attached now: a later resend would upload anew, and the Idempotency-Key answers the status it created.
	const again = await sandbox.adapter.publish(target, content, { ...recordingHooks().hooks, previous: first.latest() })
	expect(again.externalId).toBe(published.externalId)
	expect(sandbox.store.posts).toHaveLength(1)
})
