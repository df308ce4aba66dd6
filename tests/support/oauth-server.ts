// The app's OAuth endpoints (server/oauth.ts) over HTTP as server/web.ts mounts them: behind the
// server's security middleware, in front of React Router serving /mcp and /api/v1/accounts, on a free
// port that is also APP_URL (the issuer and the resources must be the address the client calls).
// A test file that uses it mocks the UI packages root.tsx imports (see tests/integration/oauth.test.ts).
import type http from 'node:http'
import net from 'node:net'
import compression from 'compression'
import express from 'express'
import type { Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import { createLogger, type Logger } from '#modules/core/logger.server.ts'
import { oauthRouter } from '#server/oauth.ts'
import { createAppServer, secureApp } from '#server/security.ts'
import { createHarness, type Harness } from '#tests/security/support/harness.ts'
import { routeRequestHandler } from './route-server.ts'

export type OAuthServer = { appUrl: string; h: Harness; close: () => Promise<void> }

async function freePort() {
	const probe = net.createServer().listen(0, '127.0.0.1')
	await new Promise((resolve) => probe.once('listening', resolve))
	const { port } = probe.address() as net.AddressInfo
	await new Promise((resolve) => probe.close(resolve))
	return port
}

export async function startOAuthServer(db: Kysely<DB>, options: { logger?: Logger } = {}): Promise<OAuthServer> {
	const appUrl = `http://127.0.0.1:${await freePort()}`
	const logger = options.logger ?? createLogger('silent')
	const h = await createHarness(db, { env: { APP_URL: appUrl }, logger })
	const routes = await routeRequestHandler(h, [
		{ id: 'routes/mcp', path: 'mcp', file: 'routes/mcp.ts' },
		{ id: 'routes/api.v1.accounts', path: 'api/v1/accounts', file: 'routes/api.v1.accounts.ts' },
	])
	const app = express()
	secureApp(app, { appUrl, trustProxy: 0, csp: true, production: true, formActions: [] })
	app.use(oauthRouter({ appUrl, services: h.services, logger })!)
	app.use(compression({ threshold: 256 }), (req, res, next) => void routes(req, res, next))
	const server: http.Server = createAppServer(app).listen(Number(new URL(appUrl).port), '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	return {
		appUrl,
		h,
		close: async () => {
			await new Promise((resolve) => server.close(resolve))
			await h[Symbol.asyncDispose]()
		},
	}
}
