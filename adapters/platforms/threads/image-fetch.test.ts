import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { connect, recordingHooks, targetOf, threadsSandbox } from './testing.ts'

// The Threads fake fetches an image_url as Threads does and judges it by its bytes (Threads API media
// specifications: JPEG or PNG, at most 8 MB, an aspect ratio within 1:10 to 10:1); what it refuses
// ends the container in ERROR with Threads' error_message, and nothing is published.

/** An app's /media/ files on a loopback port (where the fake may fetch), from `files` by name. */
async function mediaHost(files: Record<string, { type: string; bytes: Buffer }>) {
	const server = http.createServer((req, res) => {
		const file = files[(req.url ?? '').replace(/^\/media\//, '')]
		if (!file) return void res.writeHead(404).end()
		res.writeHead(200, { 'content-type': file.type }).end(file.bytes)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media/`
	return { url, [Symbol.asyncDispose]: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c0392b' } })

test('a JPEG and a PNG within the rules are fetched, kept as received and published', async () => {
	await using host = await mediaHost({ 'a.jpg': { type: 'image/jpeg', bytes: await picture(800, 600).jpeg().toBuffer() }, 'b.png': { type: 'image/png', bytes: await picture(400, 1000).png().toBuffer() } })
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	for (const name of ['a.jpg', 'b.png']) {
		await sandbox.adapter.publish(target, contentOf(`Bild ${name}`, `${host.url}${name}`), recordingHooks().hooks)
		expect(sandbox.store.received(`${host.url}${name}`)).toBeTruthy()
	}
	expect(sandbox.store.posts).toHaveLength(2)
})

test('an image wider than 10:1 ends in ERROR INVALID_ASPEC_RATIO, a GIF in ERROR UNKNOWN; nothing is published', async () => {
	await using host = await mediaHost({ 'wide.png': { type: 'image/png', bytes: await picture(1100, 100).png().toBuffer() }, 'c.gif': { type: 'image/gif', bytes: await picture(100, 100).gif().toBuffer() } })
	await using sandbox = await threadsSandbox()
	const target = targetOf(await connect(sandbox))
	await expect(sandbox.adapter.publish(target, contentOf('Zu breit', `${host.url}wide.png`), recordingHooks().hooks)).rejects.toMatchObject({ code: 'container_error', message: expect.stringContaining('INVALID_ASPEC_RATIO') })
	await expect(sandbox.adapter.publish(target, contentOf('GIF', `${host.url}c.gif`), recordingHooks().hooks)).rejects.toMatchObject({ code: 'container_error', message: expect.stringContaining('UNKNOWN') })
	expect(sandbox.store.posts).toHaveLength(0)
})
