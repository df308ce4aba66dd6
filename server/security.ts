import { randomBytes } from 'node:crypto'
import type { Express, NextFunction, Request, Response } from 'express'
import helmet from 'helmet'

export function nonceMiddleware(_req: Request, res: Response, next: NextFunction) {
	res.locals.cspNonce = randomBytes(16).toString('base64')
	next()
}

/** Security headers; the CSP is nonce-based (the nonce reaches React Router through the load context). */
export function securityHeaders(options: { csp: boolean; production: boolean; formActions: Array<string> }) {
	return helmet({
		contentSecurityPolicy: options.csp
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
			res.status(403).type('text/plain; charset=utf-8').send('Diese Anfrage stammt nicht von dieser Seite und wurde abgelehnt.')
			return
		}
		next()
	}
}

/** Routes authenticated by a signature on their raw body instead of a browser session: exempt from the origin check. */
export const SIGNED_WEBHOOKS = new Set(['/webhooks/stripe'])

/**
 * Everything server/index.ts puts in front of React Router for security, in order: no
 * X-Powered-By, the client IP from `trustProxy` hops only, the per-request CSP nonce, the security
 * headers, and the same-origin guard for state changes (signed webhooks exempt). The security
 * suite (tests/security/csrf.test.ts, headers.test.ts) builds its app with this very function.
 */
export function secureApp(app: Express, options: { appUrl: string; trustProxy: number; csp: boolean; production: boolean; formActions: Array<string> }) {
	app.disable('x-powered-by')
	app.set('trust proxy', options.trustProxy)
	app.use(nonceMiddleware)
	app.use(securityHeaders({ csp: options.csp, production: options.production, formActions: options.formActions }))
	const originGuard = sameOriginGuard(options.appUrl)
	app.use((req, res, next) => (SIGNED_WEBHOOKS.has(req.path) ? next() : originGuard(req, res, next)))
}
