import net from 'node:net'
import { isInternalName, isPublicAddress } from '#adapters/web/index.ts'
import { WebReadError } from '#modules/media/index.ts'

// Test mode for networks whose hosts the user names (Mastodon instances, Bluesky handles and PDS):
// every host is served by the platform's sandbox fake below `<mount>/host/<hostname>/…`. The host is
// checked first with the same rules as the SSRF-safe fetcher's (a private or internal address is
// refused without any request), and names under `.invalid` (RFC 2606) stand for hosts that do not
// resolve, so the German messages for both can be tried without keys.

/** The path prefix a sandbox fake serves user hosts under. */
export const USER_HOST_PREFIX = '/host/'

/** Refuses what the SSRF-safe fetcher refuses before any DNS lookup; `.invalid` answers like an unknown host. */
export function checkSandboxHost(url: URL) {
	if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WebReadError('invalid_url', 'Nur http- und https-Adressen sind erlaubt.')
	if (url.username || url.password) throw new WebReadError('invalid_url', 'Adressen mit Zugangsdaten sind nicht erlaubt.')
	const host = url.hostname.replace(/^\[|\]$/g, '')
	if (net.isIP(host) ? !isPublicAddress(host) : isInternalName(host)) throw new WebReadError('blocked_address', 'Diese Adresse ist nicht erlaubt.')
	if (/\.invalid\.?$/.test(host)) throw new WebReadError('unreachable', 'Die Adresse konnte nicht aufgelöst werden.')
}

/** A fetch that sends `https://<host>/<path>` to `${mount}/host/<host>/<path>` (the platform's fake), redirects not followed. */
export function sandboxUserFetch(mount: string, fetcher: typeof fetch = globalThis.fetch): typeof fetch {
	return (async (input: string | URL | Request, init?: RequestInit) => {
		const request = input instanceof Request ? input : null
		const url = new URL(request ? request.url : input instanceof URL ? input.href : (input as string))
		checkSandboxHost(url)
		const target = `${mount.replace(/\/$/, '')}${USER_HOST_PREFIX}${url.hostname}${url.pathname}${url.search}`
		if (request) return fetcher(new Request(target, request), { ...init, redirect: 'manual' })
		return fetcher(target, { ...init, redirect: 'manual' })
	}) as typeof fetch
}

/** Inside a fake: the user host and the remaining path of `path` ('/host/mastodon.social/api/v1/apps'), or null. */
export function splitUserHost(path: string): { host: string; path: string } | null {
	if (!path.startsWith(USER_HOST_PREFIX)) return null
	const rest = path.slice(USER_HOST_PREFIX.length)
	const slash = rest.search(/[/?]/)
	const host = slash === -1 ? rest : rest.slice(0, slash)
	if (!host) return null
	const remaining = slash === -1 ? '/' : rest.slice(slash)
	return { host: host.toLowerCase(), path: remaining.startsWith('?') ? `/${remaining}` : remaining }
}
