import type { NextFunction, Request, Response } from 'express'
import type { Logger } from '#modules/core/logger.server.ts'

/**
 * In production without `TRUST_PROXY`, a request carrying X-Forwarded-For means a proxy stands in
 * front that the app does not trust: every client then has the proxy's address, and all of them share
 * one sign-in counter per IP (50 failures lock everyone out). Said once per process, at the first such request.
 */
export function proxyHeaderWarning(options: { production: boolean; trustProxy: number; logger: Logger }) {
	let warned = !options.production || options.trustProxy > 0
	return (req: Request, _res: Response, next: NextFunction) => {
		if (!warned && req.headers['x-forwarded-for'] !== undefined) {
			warned = true
			options.logger.warn('trust_proxy_unset', {
				message: 'Requests carry X-Forwarded-For but TRUST_PROXY is not set: every client gets the proxy\'s address and shares one rate-limit counter. Set TRUST_PROXY to the number of proxy hops.',
			})
		}
		next()
	}
}
