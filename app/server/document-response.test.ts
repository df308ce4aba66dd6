import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { documentResponse, pickEncoding } from './document-response.server.ts'

describe('pickEncoding', () => {
	it('prefers brotli, then gzip, as the client accepts them', () => {
		expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
		expect(pickEncoding('gzip')).toBe('gzip')
		expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
		expect(pickEncoding('*')).toBe('br')
		expect(pickEncoding('identity')).toBeNull()
		expect(pickEncoding('gzip;q=0')).toBeNull()
		expect(pickEncoding(null)).toBeNull()
	})
})

describe('documentResponse', () => {
	const html = Buffer.from(`<!DOCTYPE html><html lang="de"><body>${'<p>Grüezi</p>'.repeat(200)}</body></html>`)
	const request = (acceptEncoding?: string) => new Request('http://localhost/', { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} })

	it('sends the whole document compressed, with its length and Vary', async () => {
		for (const [accept, decode] of [
			['gzip', zlib.gunzipSync],
			['br, gzip', zlib.brotliDecompressSync],
		] as const) {
			const headers = new Headers({ 'Set-Cookie': 'a=b' })
			const response = documentResponse(html, request(accept), headers, 404)
			const body = Buffer.from(await response.arrayBuffer())
			expect(response.status).toBe(404)
			expect(response.headers.get('Content-Encoding')).toBe(accept === 'gzip' ? 'gzip' : 'br')
			expect(response.headers.get('Content-Length')).toBe(String(body.length))
			expect(response.headers.get('Vary')).toBe('Accept-Encoding')
			expect(response.headers.get('Set-Cookie')).toBe('a=b')
			expect(body.length).toBeLessThan(html.length / 4)
			expect(decode(body).equals(html)).toBe(true)
		}
	})

	it('sends it as it is to a client that accepts no compression', async () => {
		const response = documentResponse(html, request(), new Headers(), 200)
		expect(response.headers.get('Content-Encoding')).toBeNull()
		expect(Buffer.from(await response.arrayBuffer()).equals(html)).toBe(true)
	})
})
