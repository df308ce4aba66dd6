import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from 'vitest'
import { createMediaStream } from './platforms.ts'

// AdapterSettings.mediaStream in production (ADR 0058): a video is read from the app's own /media/ files
// only, streamed with byte ranges; any other origin or path answers 403 without a request.

test('our own /media/ file is streamed (a range too); another origin or path is refused with 403 and never requested', async () => {
	const requested: Array<string> = []
	const server = http.createServer((req, res) => {
		requested.push(req.url ?? '')
		const range = req.headers.range
		res.writeHead(range ? 206 : 200, { 'content-type': 'video/mp4', ...(range ? { 'content-range': 'bytes 0-0/10' } : {}) })
		res.end(range ? 'v' : 'video-bytes')
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	try {
		const stream = createMediaStream({ APP_URL: appUrl })
		expect(await (await stream(`${appUrl}/media/uploads/a/video.mp4`)).text()).toBe('video-bytes')
		const part = await stream(`${appUrl}/media/uploads/a/video.mp4`, { headers: { range: 'bytes=0-0' } })
		expect([part.status, part.headers.get('content-range')]).toEqual([206, 'bytes 0-0/10'])
		expect((await stream(`${appUrl}/api/v1/posts`)).status).toBe(403)
		expect((await stream('http://169.254.169.254/media/x')).status).toBe(403)
		expect(requested).toEqual(['/media/uploads/a/video.mp4', '/media/uploads/a/video.mp4'])
	} finally {
		server.close()
	}
})
