import path from 'node:path'
import type http from 'node:http'
import zlib from 'node:zlib'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { loggerContext, requestInfoContext, servicesContext } from '#app/context.ts'
import { BROTLI_QUALITY, GZIP_LEVEL } from '#app/server/document-response.server.ts'
import { deriveCookieSecret } from '#modules/core/crypto.server.ts'
import type { Env } from '#modules/core/env.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import type { Services } from '#modules/services.ts'
import type { SandboxNetwork } from '#adapters/platforms/sandbox/network.ts'
import { refuseMutationsWithoutAction } from './method-guard.ts'
import { oauthRouter } from './oauth.ts'
import { mountSandbox } from './platforms.ts'
import { precompressedAssets } from './precompressed.ts'
import { proxyHeaderWarning } from './proxy-warning.ts'
import { createAppServer, secureApp } from './security.ts'

/** The web app (pages, API, assets) on env.PORT; calls onListening once the port is open. */
export async function startWebServer(options: { env: Env; logger: Logger; services: Services; sandbox: SandboxNetwork | null; dev: boolean; onListening?: () => void }): Promise<http.Server> {
	const { env, logger, services, sandbox, dev } = options
	const cookieSecret = deriveCookieSecret(env.APP_SECRET)
	const app = express()
	// Compression buffers its output: an event stream would reach the browser only in large chunks.
	// Small bodies too (the default skips those under 1 KB): many of the app's code chunks are that
	// small, and gzip still takes a third off them. Pages are compressed per request: the fast levels
	// (ADR 0027; the built assets are served precompressed at the highest level, server/precompressed.ts).
	app.use(compression({ threshold: 256, level: GZIP_LEVEL, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }, filter: (req, res) => !isEventStream(res) && compression.filter(req, res) }))
	// No X-Powered-By, trust proxy, CSP nonce, security headers, the same-origin guard (the Stripe
	// webhook is authenticated by the signature on its raw body, app/routes/webhooks.stripe.ts).
	secureApp(app, {
		appUrl: env.APP_URL,
		trustProxy: env.TRUST_PROXY,
		csp: !dev,
		production: env.isProduction,
		formActions: services.googleSignIn ? [new URL(env.GOOGLE_AUTHORIZATION_ENDPOINT).origin] : [],
	})
	app.use(proxyHeaderWarning({ production: env.isProduction, trustProxy: env.TRUST_PROXY, logger }))
	// The built-in sandbox network ('Testmodus'), behind the same headers and origin guard; only while
	// a platform runs without keys outside production (null otherwise: /sandbox is the app's 404).
	mountSandbox(app, sandbox)
	// OAuth 2.1 for MCP clients and programs (ADR 0071): metadata, /authorize, /token, /register, /revoke.
	const oauth = oauthRouter({ appUrl: env.APP_URL, services, logger })
	if (oauth) app.use(oauth)

	let build: ServerBuild | (() => Promise<ServerBuild>)
	if (dev) {
		const vite = await import('vite')
		const viteServer = await vite.createServer({ server: { middlewareMode: true } })
		app.use(viteServer.middlewares)
		build = () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
	} else {
		const root = path.resolve(import.meta.dirname, '..')
		app.use('/assets', precompressedAssets(path.join(root, 'build/client/assets'), { immutable: true, maxAge: '1y' }))
		app.use('/assets', express.static(path.join(root, 'build/client/assets'), { immutable: true, maxAge: '1y' }))
		// Every file of build/client has an extension: an address without one (every page) skips the file lookup (an fs.stat).
		const files = express.static(path.join(root, 'build/client'), { maxAge: '1h', index: false })
		app.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()))
		build = (await import(path.join(root, 'build/server/index.js'))) as ServerBuild
	}

	// A POST to a page without an action: 405 here, not an error (and a stack trace in the log) in React Router.
	app.use(refuseMutationsWithoutAction(build))
	app.use(
		createRequestHandler({
			build,
			mode: dev ? 'development' : 'production',
			getLoadContext(req, res) {
				const context = new RouterContextProvider()
				context.set(servicesContext, services)
				context.set(loggerContext, logger)
				context.set(requestInfoContext, {
					nonce: String(res.locals.cspNonce ?? ''),
					ip: req.ip ?? 'unknown',
					userAgent: req.get('user-agent') ?? '',
					appUrl: env.APP_URL,
					isProduction: env.isProduction,
					showDevTools: services.devMailbox !== null,
					cookieSecret,
					googleConfigured: services.googleSignIn !== null,
					benchEmptyPage: env.BENCH_EMPTY_PAGE,
				})
				return context
			},
		}),
	)

	return createAppServer(app).listen(env.PORT, env.HOST, options.onListening)
}

// Streams (server-sent events, the creator's NDJSON progress) must reach the browser line by line.
function isEventStream(res: express.Response) {
	return /^(text\/event-stream|application\/x-ndjson)/i.test(String(res.getHeader('Content-Type') ?? ''))
}
