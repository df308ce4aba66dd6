// The server's security middleware (server/security.ts secureApp, exactly as server/web.ts uses
// it) on an in-process Express app in the app's HTTP server (createAppServer, with its request
// timeouts) on 127.0.0.1, with a stand-in for React Router's handler behind it that records what
// reached it. React Router itself needs the production build; its wiring
// behind secureApp is checked against the real server in tests/e2e/security.spec.ts.
import type { AddressInfo } from 'node:net'
import express, { type Request, type Response } from 'express'
import { createAppServer, REQUEST_TIMEOUTS, secureApp } from '#server/security.ts'

export type SecureServer = {
	url: string
	/** Method and path of every request that got past the middleware. */
	reached: Array<string>
	close: () => Promise<void>
}

export async function startSecureApp(
	options: { appUrl?: string; trustProxy?: number; csp?: boolean; production?: boolean; formActions?: Array<string>; timeouts?: typeof REQUEST_TIMEOUTS },
	handler: (req: Request, res: Response) => void = (_req, res) => void res.status(200).type('text/plain').send('ok'),
): Promise<SecureServer> {
	const app = express()
	const reached: Array<string> = []
	secureApp(app, { appUrl: options.appUrl ?? 'http://127.0.0.1:3999', trustProxy: options.trustProxy ?? 0, csp: options.csp ?? true, production: options.production ?? false, formActions: options.formActions ?? [] })
	app.use((req, res) => {
		reached.push(`${req.method} ${req.path}`)
		handler(req, res)
	})
	// The server as server/web.ts makes it (its request timeouts; shorter ones for a test).
	const server = createAppServer(app, options.timeouts).listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}`,
		reached,
		close: () => new Promise((resolve) => server.close(() => resolve())),
	}
}

/** A Content-Security-Policy header as { directive: [values] }. */
export function directives(csp: string) {
	return Object.fromEntries(
		csp
			.split(';')
			.map((d) => d.trim())
			.filter(Boolean)
			.map((d) => {
				const [name, ...values] = d.split(/\s+/)
				return [name!, values]
			}),
	)
}
