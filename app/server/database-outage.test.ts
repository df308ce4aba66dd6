import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { handleError } from '#app/entry.server.tsx'
import { databaseOutageMiddleware } from './database-outage.server.ts'

// React Router's own request handler on a two-route build: the root with the middleware and
// entry.server's handleError, as the app has them, and a resource route whose action fails.
const unreachable = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })

function handler(fail: () => never) {
	const build = {
		entry: { module: { default: () => new Response('document'), handleError } },
		routes: {
			root: { id: 'root', path: '', module: { middleware: [databaseOutageMiddleware], default: () => null } },
			'routes/resource': { id: 'routes/resource', parentId: 'root', path: 'resource', module: { action: fail, loader: fail } },
		},
		assets: { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: '1' },
		publicPath: '/',
		assetsBuildDirectory: 'build/client',
		future: { v8_middleware: true },
		ssr: true,
		isSpaMode: false,
		prerender: [],
		routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
	} as unknown as ServerBuild
	return createRequestHandler(build, 'production')
}

describe('a database outage inside a loader or action', () => {
	it('answers a resource route with the German 503 and Retry-After, not the English 500', async () => {
		const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
		const answer = await handler(() => {
			throw unreachable()
		})(new Request('http://localhost/resource', { method: 'POST', headers: { Origin: 'http://localhost' } }), new RouterContextProvider())
		quiet.mockRestore()
		expect(answer.status).toBe(503)
		expect(answer.headers.get('Retry-After')).toBe('5')
		expect(await answer.text()).toMatch(/^Postwerk ist gerade nicht erreichbar\. Die Datenbank antwortet im Moment nicht/)
	})

	it('leaves any other error as it was (500)', async () => {
		const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
		const answer = await handler(() => {
			throw new Error('a bug')
		})(new Request('http://localhost/resource'), new RouterContextProvider())
		quiet.mockRestore()
		expect(answer.status).toBe(500)
		expect(await answer.text()).toBe('Unexpected Server Error')
	})
})
