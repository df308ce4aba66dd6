// Some of the app's route modules served over HTTP as server/web.ts serves them: React Router's
// Express adapter over a build reduced to the root (its middleware) and the given routes, behind the
// server's compression and security middleware (secureApp) in the app's HTTP server. For tests of a
// route's HTTP behaviour (streams, ranges, uploads, headers) without the production build.
// A test file that uses it mocks the UI packages root.tsx imports (see tests/security/http-server.test.ts).
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { requestInfoContext, servicesContext, type RequestInfo } from '#app/context.ts'
import type { Services } from '#modules/services.ts'
import { loadModule } from '#tests/security/support/harness.ts'
import { startSecureApp, type SecureServer } from '#tests/security/support/http.ts'

/** A route of app/routes.ts: its id, its path pattern as React Router's build holds it, its module file under app/. */
export type ServedRoute = { id: string; path: string; file: string }

export async function startRouteServer(deps: { services: Services; info: () => RequestInfo; appUrl?: string }, routes: ReadonlyArray<ServedRoute>): Promise<SecureServer> {
	const handler = await routeRequestHandler(deps, routes)
	const compress = compression({ threshold: 256 })
	return startSecureApp({ production: true, appUrl: deps.appUrl }, (req, res) => compress(req, res, () => void handler(req, res, () => {})))
}

/** React Router's Express handler over the root and the given routes (for a test that builds its own Express app around it). */
export async function routeRequestHandler(deps: { services: Services; info: () => RequestInfo }, routes: ReadonlyArray<ServedRoute>) {
	const built: Record<string, unknown> = { root: { id: 'root', path: '', module: await loadModule('root.tsx') } }
	for (const route of routes) built[route.id] = { id: route.id, parentId: 'root', path: route.path, module: await loadModule(route.file) }
	const build = {
		entry: { module: { default: () => new Response('no documents here', { status: 500 }) } },
		routes: built,
		assets: { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: 'test' },
		publicPath: '/',
		assetsBuildDirectory: '/nonexistent',
		future: {},
		ssr: true,
		isSpaMode: false,
		prerender: [],
		routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
	} as unknown as ServerBuild
	return createRequestHandler({
		build,
		mode: 'production',
		getLoadContext() {
			const context = new RouterContextProvider()
			context.set(servicesContext, deps.services)
			context.set(requestInfoContext, deps.info())
			return context
		},
	})
}
