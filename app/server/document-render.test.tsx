import zlib from 'node:zlib'
import { Suspense, use } from 'react'
import { describe, expect, it } from 'vitest'
import { HANG_GUARD_MS } from '#tests/support/wait.ts'
import { renderDocument } from './document-render.server.tsx'

const request = () => new Request('http://localhost/', { headers: { 'Accept-Encoding': 'gzip' } })
// The abort is the hang guard: a render that merely runs slowly on a loaded machine is never cut.
const options = (overrides: { waitForAll?: boolean; waitMs?: number } = {}) => ({ request: request(), status: 200, headers: new Headers(), waitForAll: false, abortAfterMs: HANG_GUARD_MS, waitMs: 50, ...overrides })
/** Data the test hands over when it chooses, so what is ready when does not depend on the machine's speed. */
function handedOver() {
	const { promise, resolve } = Promise.withResolvers<string>()
	return { promise, hand: () => resolve('später') }
}

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
		// Ready before the wait ends however long the render takes: the data is there from the start.
		const response = await renderDocument(<Page data={Promise.resolve('später')} />, options({ waitMs: HANG_GUARD_MS }))
		expect(response.headers.get('Content-Length')).not.toBeNull()
		expect(response.headers.get('Content-Encoding')).toBe('gzip')
		expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
		const html = await text(response)
		expect(html).toContain('Grüezi')
		expect(html).toContain('später')
		expect(html).not.toContain('Lädt')
	})

	it('streams the shell of a document that waits longer, the rest when it is ready', async () => {
		const data = handedOver()
		// The response comes while the data is still missing: the shell went out after the wait.
		const response = await renderDocument(<Page data={data.promise} />, options())
		expect(response.headers.get('Content-Length')).toBeNull()
		expect(response.headers.get('Content-Encoding')).toBeNull()
		data.hand()
		const html = await text(response)
		expect(html).toContain('Lädt')
		expect(html).toContain('später')
	})

	it('waits for the whole document for a crawler', async () => {
		const data = handedOver()
		const rendering = renderDocument(<Page data={data.promise} />, options({ waitForAll: true }))
		// Longer than the wait of an ordinary request: a crawler's document still comes whole.
		await new Promise((resolve) => setTimeout(resolve, 150))
		data.hand()
		const response = await rendering
		expect(response.headers.get('Content-Length')).not.toBeNull()
		expect(await text(response)).toContain('später')
	})
})
