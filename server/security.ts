import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { Express, NextFunction, Request, Response } from 'express'
import helmet from 'helmet'
import { PROBLEM_CONTENT_TYPE, problemBody } from '#app/server/api/problem.server.ts'
import api from '#locales/de/api.json' with { type: 'json' }

export function nonceMiddleware(_req: Request, res: Response, next: NextFunction) {
	res.locals.cspNonce = randomBytes(16).toString('base64')
	next()
}

/** Security headers; the CSP is nonce-based (the nonce reaches React Router through the load context). */
export function securityHeaders(options: { csp: boolean; production: boolean; formActions: Array<string>; ownPolicy?: boolean }) {
	return helmet({
		// A route with a policy of its own (see OWN_POLICY_PATHS) sets its CSP and nosniff itself.
		xContentTypeOptions: !options.ownPolicy,
		contentSecurityPolicy: options.csp && !options.ownPolicy
			? {
					useDefaults: false,
					directives: {
						defaultSrc: ["'self'"],
						scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`, "'strict-dynamic'"],
						styleSrc: ["'self'", "'unsafe-inline'"],
						imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
						fontSrc: ["'self'", 'data:'],
						connectSrc: ["'self'"],
						objectSrc: ["'none'"],
						baseUri: ["'none'"],
						frameAncestors: ["'none'"],
						formAction: ["'self'", ...options.formActions],
						...(options.production ? { upgradeInsecureRequests: [] } : {}),
					},
				}
			: false,
		strictTransportSecurity: options.production ? { maxAge: 31536000, includeSubDomains: true } : false,
		referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
		// Not plain same-origin: the OAuth popup must stay attached to /accounts while it visits the
		// provider's consent page (same-origin would sever it); other sites still cannot reach our windows.
		crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
		crossOriginEmbedderPolicy: false,
	})
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Where programs call (REST API, MCP): every answer there, a refusal too, is JSON (problem details). */
export const PROGRAM_PATHS = ['/api/v1', '/mcp']
const isProgramPath = (path: string) => PROGRAM_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
const CROSS_ORIGIN_PROBLEM = JSON.stringify(problemBody({ status: 403, code: 'cross_origin', detail: api.problems.cross_origin }))

/**
 * Rejects cross-origin state changes on every route, resource routes included (React Router's own
 * check covers only UI-route actions): Fetch Metadata first, then the Origin header.
 */
export function sameOriginGuard(appUrl: string) {
	const allowed = new URL(appUrl).origin
	return (req: Request, res: Response, next: NextFunction) => {
		if (SAFE_METHODS.has(req.method)) return next()
		const site = req.get('sec-fetch-site')
		const origin = req.get('origin')
		const own = `${req.protocol}://${req.get('host')}`
		const crossSite = site === 'cross-site' || site === 'same-site'
		const foreignOrigin = origin !== undefined && origin !== 'null' && origin !== own && origin !== allowed
		if (crossSite || foreignOrigin || origin === 'null') {
			if (isProgramPath(req.path)) return void res.status(403).type(PROBLEM_CONTENT_TYPE).set('Cache-Control', 'no-store').send(CROSS_ORIGIN_PROBLEM)
			res.status(403).type('text/plain; charset=utf-8').send('Diese Anfrage stammt nicht von dieser Seite und wurde abgelehnt.')
			return
		}
		next()
	}
}

/**
 * Paths whose route sends its own CSP and X-Content-Type-Options (app/routes/media.$.ts: stored
 * files under a sandbox CSP). React Router's adapter appends a route's headers to the ones set here,
 * so ours would make each header appear twice.
 */
export const OWN_POLICY_PATHS = ['/media/']

/** Routes authenticated by a signature on their raw body instead of a browser session: exempt from the origin check. */
export const SIGNED_WEBHOOKS = new Set(['/webhooks/stripe'])

/** The OAuth endpoints a client calls without a session (server/oauth.ts): authenticated by the client and the code or token, and a browser-based MCP client posts from its own origin. */
export const OAUTH_CLIENT_PATHS = new Set(['/token', '/register', '/revoke'])

/** How long a connection closed with an unread body goes on discarding it after the answer (see closeUnreadRequests). */
export const UNREAD_LINGER_MS = 2_000

/**
 * An answer written before the request's body was received to its end (a 413 refused by its declared
 * length or while streaming, a 401 or 429 before the form was read) says `Connection: close`: the
 * unread rest must not be taken for the next request on a keep-alive connection (the client's next
 * request on it failed with ECONNRESET). A 413 says so even when the body happened to arrive whole.
 * When the app stops reading (React Router's adapter destroys the request when its body stream is
 * cancelled, which reset the socket before the answer was out), the rest is discarded instead, the
 * answer is sent, and the socket is closed after it: half-closed first, so that a client still sending
 * reads the answer rather than a reset, then destroyed when the body has ended, the client has closed
 * or UNREAD_LINGER_MS have passed. A body read to its end keeps the connection.
 */
export function closeUnreadRequests(req: Request, res: Response, next: NextFunction) {
	// A request without a body (most GETs) may still be 'incomplete' while its handler starts: it has nothing unread.
	if (req.headers['transfer-encoding'] === undefined && !(Number(req.headers['content-length'] ?? 0) > 0)) return next()
	const socket = req.socket
	let lingering = false
	const lingerAfterAnswer = () => {
		if (lingering) return
		lingering = true
		const destroySoon = socket.destroySoon
		socket.destroySoon = function (this: typeof socket) {
			socket.destroySoon = destroySoon
			if (req.complete) return destroySoon.call(this)
			this.end()
			const close = () => {
				clearTimeout(timer)
				this.destroy()
			}
			const timer = setTimeout(close, UNREAD_LINGER_MS)
			timer.unref()
			req.once('end', close)
			this.once('end', close)
		}
	}
	const destroy = req.destroy
	req.destroy = function (this: Request, error?: Error) {
		if (req.complete || res.writableFinished || socket.destroyed) return destroy.call(this, error)
		// The app has stopped reading: the rest is discarded (flowing, no listener) until the answer is out.
		req.destroy = destroy
		lingerAfterAnswer()
		if (!res.headersSent) res.setHeader('Connection', 'close')
		req.resume()
		return this
	} as typeof req.destroy
	const writeHead = res.writeHead
	res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
		const status = typeof args[0] === 'number' ? args[0] : this.statusCode
		if (!req.complete) lingerAfterAnswer()
		if (!this.headersSent && (status === 413 || !req.complete)) this.setHeader('Connection', 'close')
		return writeHead.apply(this, args)
	} as typeof writeHead
	next()
}

/**
 * Everything server/web.ts puts in front of React Router for security, in order: no
 * X-Powered-By, `Connection: close` for answers sent before the body was read (closeUnreadRequests), the client IP from `trustProxy` hops only, the per-request CSP nonce, the security
 * headers (left to the route on OWN_POLICY_PATHS), and the same-origin guard for state changes (signed webhooks exempt). The security
 * suite (tests/security/csrf.test.ts, headers.test.ts) builds its app with this very function.
 */
export function secureApp(app: Express, options: { appUrl: string; trustProxy: number; csp: boolean; production: boolean; formActions: Array<string> }) {
	app.disable('x-powered-by')
	app.use(closeUnreadRequests)
	app.set('trust proxy', options.trustProxy)
	app.use(nonceMiddleware)
	const pageHeaders = securityHeaders({ csp: options.csp, production: options.production, formActions: options.formActions })
	const fileHeaders = securityHeaders({ csp: options.csp, production: options.production, formActions: options.formActions, ownPolicy: true })
	app.use((req, res, next) => (OWN_POLICY_PATHS.some((prefix) => req.path.startsWith(prefix)) ? fileHeaders : pageHeaders)(req, res, next))
	const originGuard = sameOriginGuard(options.appUrl)
	app.use((req, res, next) => (SIGNED_WEBHOOKS.has(req.path) || OAUTH_CLIENT_PATHS.has(req.path) ? next() : originGuard(req, res, next)))
}

/**
 * How long a client may take to send a request (Node's defaults: 300 s for the whole request, 60 s
 * for its headers, checked every 30 s): a body shorter than its Content-Length held the connection
 * for five minutes. The limits cover receiving the request only; a response may take as long as it
 * likes (the event stream at /events, the NDJSON of /api/generations). 60 s for headers and body
 * lets the largest form upload (32 MB at /api/generations) through an uplink of about 4.5 Mbit/s.
 * The media uploads (UPLOAD_PATHS: a video of up to 1 GB) may take up to `uploadMs` in all, as long
 * as bytes keep arriving: no `uploadIdleMs` without a byte (ADR 0059).
 */
export const REQUEST_TIMEOUTS = { requestMs: 60_000, headersMs: 20_000, checkIntervalMs: 5_000, uploadMs: 30 * 60_000, uploadIdleMs: 60_000 }

export type RequestTimeouts = typeof REQUEST_TIMEOUTS

/** The streamed media uploads (POST): the creator's and editor's /api/media and the REST API's /media. */
export const UPLOAD_PATHS = new Set(['/api/media', '/api/v1/media'])

const REQUEST_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'

function isUpload(req: http.IncomingMessage) {
	if (req.method !== 'POST') return false
	const url = req.url ?? ''
	const query = url.indexOf('?')
	return UPLOAD_PATHS.has(query < 0 ? url : url.slice(0, query))
}

/**
 * Node's requestTimeout is one figure for the whole server, so the server gets the uploads' total
 * and this cuts every other request at `requestMs`, and an upload after `uploadIdleMs` without a
 * byte (read from the socket's count, never from the body, which stays the route's to read). As Node
 * does: 408 when no answer has started, the connection closed.
 */
export function limitRequestTime(req: http.IncomingMessage, res: http.ServerResponse, timeouts: RequestTimeouts) {
	// A request without a body is complete with its headers (a GET may still say incomplete here).
	if (req.complete || (req.headers['transfer-encoding'] === undefined && !(Number(req.headers['content-length'] ?? 0) > 0))) return
	const socket = req.socket
	const cut = () => {
		clearInterval(timer)
		if (req.complete || socket.destroyed) return
		if (res.headersSent) return void socket.destroy()
		socket.end(REQUEST_TIMEOUT_ANSWER, () => socket.destroy())
	}
	const started = Date.now()
	let bytesRead = socket.bytesRead
	let lastByteAt = started
	const timer = setInterval(() => {
		if (req.complete) return void clearInterval(timer)
		const now = Date.now()
		if (!isUpload(req)) {
			if (now - started >= timeouts.requestMs) cut()
			return
		}
		if (socket.bytesRead !== bytesRead) {
			bytesRead = socket.bytesRead
			lastByteAt = now
		} else if (now - lastByteAt >= timeouts.uploadIdleMs) cut()
	}, Math.min(timeouts.checkIntervalMs, timeouts.requestMs, timeouts.uploadIdleMs))
	timer.unref()
	res.once('close', () => clearInterval(timer))
	req.once('end', () => clearInterval(timer))
}

/** The app's HTTP server (server/web.ts; the security suite builds its servers with it too). */
export function createAppServer(app: Express, timeouts: RequestTimeouts = REQUEST_TIMEOUTS) {
	const serverTimeout = Math.max(timeouts.requestMs, timeouts.uploadMs)
	return http.createServer({ requestTimeout: serverTimeout, headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs }, (req, res) => {
		limitRequestTime(req, res, timeouts)
		app(req, res)
	})
}
