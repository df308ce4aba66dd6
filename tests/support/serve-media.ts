// The app's /media/ files from a local file store under `root`, served over HTTP: the fakes fetch what
// they are given (Instagram's video_url, image_url), as Meta does.
import { createReadStream, existsSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

export async function serveMedia(root: string) {
	const server = http.createServer((req, res) => {
		const key = decodeURIComponent(new URL(req.url ?? '/', 'http://app').pathname.replace(/^\/media\//, ''))
		const file = path.join(root, 'files', key)
		if (key.includes('..') || !existsSync(file)) return void res.writeHead(404).end()
		res.writeHead(200, { 'content-type': key.endsWith('.mp4') ? 'video/mp4' : 'image/jpeg' })
		createReadStream(file).pipe(res)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
