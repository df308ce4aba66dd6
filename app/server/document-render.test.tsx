import zlib from 'node:zlib'
import { Suspense, use } from 'react'
import { describe, expect, it } from 'vitest'
import { renderDocument } from './document-render.server.tsx'

const request = () => new Request('http://localhost/', { headers: { 'Accept-Encoding': 'gzip' } })
const options = (waitForAll = false) => ({ request: request(), status: 200, headers: new Headers(), waitForAll, abortAfterMs: 5_000, waitMs: 50 })
const later = (ms: number) => new Promise<string>((resolve) => setTimeout(() => resolve('später'), ms))

function Page({ data }: { data: Promise<string> }) {
	return (
		<html lang="de">
			<body>
				<p>Grüezi</p>
				<Suspense fallback={<p>Lädt</p>}>
					<Late data={data} />
				</Suspense>
			</body>
		</html>
	)
}
function Late({ data }: { data: Promise<string> }) {
	return <p>{use(data)}</p>
}

const text = async (response: Response) => {
	const body = Buffer.from(await response.arrayBuffer())
	return response.headers.get('Content-Encoding') === 'gzip' ? zlib.gunzipSync(body).toString() : body.toString()
}

describe('renderDocument', () => {
	it('sends a document that is ready within the wait in one piece, compressed, with its length', async () => {
		const response = await renderDocument(<Page data={later(5)} />, options())
		expect(response.headers.get('Content-Length')).not.toBeNull()
		expect(response.headers.get('Content-Encoding')).toBe('gzip')
		expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
		const html = await text(response)
		expect(html).toContain('Grüezi')
		expect(html).toContain('später')
		expect(html).not.toContain('Lädt')
	})

	it('streams the shell of a document that waits longer, the rest when it is ready', async () => {
		const started = performance.now()
		const response = await renderDocument(<Page data={later(1_000)} />, options())
		expect(performance.now() - started).toBeLessThan(800)
		expect(response.headers.get('Content-Length')).toBeNull()
		expect(response.headers.get('Content-Encoding')).toBeNull()
		const html = await text(response)
		expect(html).toContain('Lädt')
		expect(html).toContain('später')
	})

	it('waits for the whole document for a crawler', async () => {
		const response = await renderDocument(<Page data={later(150)} />, options(true))
		expect(response.headers.get('Content-Length')).not.toBeNull()
		expect(await text(response)).toContain('später')
	})
})
