import type { AddressInfo } from 'node:net'
import express from 'express'
import { expect, test } from 'vitest'
import type { Logger } from '#modules/core/logger.server.ts'
import { proxyHeaderWarning } from './proxy-warning.ts'
import { secureApp } from './security.ts'

/** A server like server/web.ts (secureApp, then the warning) that records what is logged; runs `requests` against it. */
async function warningsOf(options: { production: boolean; trustProxy: number }, requests: Array<Record<string, string>>) {
	const warnings: Array<{ event: string; fields?: Record<string, unknown> }> = []
	const ignore = () => {}
	const logger: Logger = { debug: ignore, info: ignore, error: ignore, warn: (event, fields) => warnings.push({ event, fields }) }
	const app = express()
	secureApp(app, { appUrl: 'http://127.0.0.1', trustProxy: options.trustProxy, csp: false, production: false, formActions: [] })
	app.use(proxyHeaderWarning({ ...options, logger }))
	app.get('/', (req, res) => void res.json({ ip: req.ip }))
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	try {
		const { port } = server.address() as AddressInfo
		for (const headers of requests) expect((await fetch(`http://127.0.0.1:${port}/`, { headers })).status).toBe(200)
	} finally {
		server.close()
	}
	return warnings
}

const forwarded = { 'x-forwarded-for': '203.0.113.7' }

test('production without TRUST_PROXY: one warning at the first request with X-Forwarded-For, none before, none after', async () => {
	const warnings = await warningsOf({ production: true, trustProxy: 0 }, [{}, {}, forwarded, forwarded, { 'x-forwarded-for': '198.51.100.1' }])
	expect(warnings).toHaveLength(1)
	expect(warnings[0]!.event).toBe('trust_proxy_unset')
	expect(String(warnings[0]!.fields?.message)).toMatch(/TRUST_PROXY/)
})

test('no warning with TRUST_PROXY set, outside production, or without the header', async () => {
	expect(await warningsOf({ production: true, trustProxy: 1 }, [forwarded])).toEqual([])
	expect(await warningsOf({ production: false, trustProxy: 0 }, [forwarded])).toEqual([])
	expect(await warningsOf({ production: true, trustProxy: 0 }, [{}, {}])).toEqual([])
})
