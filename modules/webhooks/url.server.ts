import net from 'node:net'
import texts from '#locales/de/webhooks.json' with { type: 'json' }
import type { UrlRules } from './ports.ts'

const allowedPorts = new Set([80, 443, 8080, 8443])

/**
 * Checks an endpoint URL when it is saved, with the rules the safe fetcher applies again at every
 * delivery: https only (http only for an allow-listed test receiver), no credentials, no internal
 * names, every resolved address public. The German reason, or the normalised URL.
 */
export async function checkEndpointUrl(raw: string, rules: UrlRules): Promise<{ ok: true; url: string } | { ok: false; error: string }> {
	const e = texts.url_error
	const value = raw.trim()
	if (!value) return { ok: false, error: e.empty }
	if (value.length > 2000) return { ok: false, error: e.tooLong }
	let url: URL
	try {
		url = new URL(value)
	} catch {
		return { ok: false, error: e.invalid }
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, error: e.scheme }
	if (url.username || url.password) return { ok: false, error: e.credentials }
	const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
	const allowed = rules.allowHosts.some((entry) => entry.trim().toLowerCase() === `${url.hostname}:${port}`)
	url.hash = ''
	if (allowed) return { ok: true, url: url.href }
	const host = url.hostname.replace(/^\[|\]$/g, '')
	const literal = net.isIP(host) !== 0
	if (literal ? !rules.isPublicAddress(host) : rules.isInternalName(host)) return { ok: false, error: e.private }
	if (url.protocol !== 'https:') return { ok: false, error: e.scheme }
	if (!allowedPorts.has(port)) return { ok: false, error: e.port }
	if (rules.onlyAllowHosts) return { ok: false, error: e.testOnly }
	if (!literal) {
		let records: Array<{ address: string }>
		try {
			records = await rules.lookup(host)
		} catch {
			return { ok: false, error: e.unresolved }
		}
		if (records.length === 0) return { ok: false, error: e.unresolved }
		if (records.some((r) => !rules.isPublicAddress(r.address))) return { ok: false, error: e.private }
	}
	return { ok: true, url: url.href }
}
