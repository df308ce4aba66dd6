// The only way adapters fetch a URL a user supplied (SECURITY.md §2, ASVS 1.3.6 / 15.3.2):
// http(s) only, no credentials, a few ports, every resolved address must be public, the socket
// connects to exactly the address that was checked (no DNS rebinding), redirects are followed by
// hand and re-checked hop by hop, and size and time are capped while streaming.
import dns from 'node:dns'
import net from 'node:net'
import { Agent, fetch, type Response as UndiciResponse } from 'undici'
import { WebReadError } from '#modules/media/web-reader.ts'

export type LookupAddress = { address: string; family: number }
export type Lookup = (hostname: string) => Promise<Array<LookupAddress>>

export type SafeFetchOptions = {
	/** Exact 'host:port' pairs that skip the address and port checks (local fakes in tests and e2e only). */
	allowHosts?: ReadonlyArray<string>
	/**
	 * Refuse every host that is not in allowHosts (APP_ENV=test): tests and e2e servers never reach
	 * the real internet, even through a default feed list or a stray URL.
	 */
	onlyAllowHosts?: boolean
	/** Default 5 MB, counted after decompression. */
	maxBytes?: number
	/** For the whole fetch including redirects and the body. Default 10 s. */
	timeoutMs?: number
	/** Default 5. */
	maxRedirects?: number
	userAgent?: string
	/** DNS resolution (all A and AAAA records); injectable for tests. */
	lookup?: Lookup
}

export type SafeFetchInit = { accept?: string; signal?: AbortSignal }

/** A 2xx/3xx answer (4xx and 5xx throw 'unreachable'); `url` is the final URL after redirects. */
export type SafeFetchResult = { url: string; status: number; contentType: string | null; body: Uint8Array }

export type SafeFetch = (url: string, init?: SafeFetchInit) => Promise<SafeFetchResult>

const allowedPorts = new Set([80, 443, 8080, 8443])
const redirectStatuses = new Set([301, 302, 303, 307, 308])
const maxUrlLength = 8192
const defaultUserAgent = 'Mozilla/5.0 (compatible; Postwerk/1.0; Artikel-Leser)'

const systemLookup: Lookup = (hostname) => dns.promises.lookup(hostname, { all: true })

type Target = { url: URL; address: string; family: 4 | 6 }

/** The address checks: a URL becomes the one address its socket may connect to, or a WebReadError. */
function createVet(options: SafeFetchOptions) {
	const allowHosts = new Set((options.allowHosts ?? []).map((entry) => entry.trim().toLowerCase()).filter(Boolean))
	const lookup = options.lookup ?? systemLookup
	return async function vet(raw: string, signal: AbortSignal): Promise<Target> {
		if (raw.length > maxUrlLength) throw new WebReadError('invalid_url', 'Die Adresse ist zu lang.')
		let url: URL
		try {
			url = new URL(raw)
		} catch {
			throw new WebReadError('invalid_url', 'Die Adresse ist ungültig.')
		}
		if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebReadError('invalid_url', 'Nur http- und https-Adressen sind erlaubt.')
		if (url.username || url.password) throw new WebReadError('invalid_url', 'Adressen mit Zugangsdaten sind nicht erlaubt.')
		const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
		// WHATWG URL has already turned decimal, octal, hex and short IPv4 forms into dotted decimal
		// and IPv6 into its canonical form, so the literal checks below see the real address.
		const host = url.hostname.replace(/^\[|\]$/g, '')
		const allowed = allowHosts.has(`${url.hostname}:${port}`)
		const literal = net.isIP(host)
		if (!allowed && options.onlyAllowHosts) throw new WebReadError('blocked_address', 'Im Testbetrieb sind nur lokale Testadressen erlaubt.')
		if (!allowed) {
			if (literal ? !isPublicAddress(host) : isInternalName(host)) throw new WebReadError('blocked_address', 'Diese Adresse ist nicht erlaubt.')
			if (!allowedPorts.has(port)) throw new WebReadError('invalid_url', 'Dieser Port ist nicht erlaubt.')
		}
		if (literal) return { url, address: host, family: literal === 6 ? 6 : 4 }

		let records: Array<LookupAddress>
		try {
			records = await abortable(lookup(host), signal)
		} catch (cause) {
			if (signal.aborted) throw cause
			throw new WebReadError('unreachable', 'Die Adresse konnte nicht aufgelöst werden.', { cause })
		}
		const first = records[0]
		if (!first) throw new WebReadError('unreachable', 'Die Adresse konnte nicht aufgelöst werden.')
		// Any non-public record refuses the host: otherwise an attacker's DNS could mix a private address in.
		if (!allowed && records.some((record) => !isPublicAddress(record.address))) {
			throw new WebReadError('blocked_address', 'Diese Adresse ist nicht erlaubt.')
		}
		return { url, address: first.address, family: first.family === 6 ? 6 : 4 }
	}
}

/** One pinned agent per request: the socket connects to exactly the checked address. */
function pinnedAgent(target: Target) {
	return new Agent({
		connect: {
			lookup: (_hostname, lookupOptions, callback) => {
				if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }])
				else callback(null, target.address, target.family)
			},
		},
	})
}

export function createSafeFetch(options: SafeFetchOptions = {}): SafeFetch {
	const maxBytes = options.maxBytes ?? 5 * 1024 * 1024
	return createSafeGet(options, async (response, release) => {
		try {
			return await readCapped(response, maxBytes)
		} finally {
			release()
		}
	})
}

/** A 2xx answer whose body is still arriving: `declaredBytes` is its Content-Length when uncompressed. */
export type SafeStreamResult = { url: string; status: number; contentType: string | null; declaredBytes: number | null; body: AsyncIterable<Uint8Array> }

export type SafeStream = (url: string, init?: SafeFetchInit) => Promise<SafeStreamResult>

/**
 * createSafeFetch's checks and redirects, the body passed on as it arrives instead of buffered (a
 * video by URL goes to the file store in chunks): at most maxBytes, else the stream fails with
 * WebReadError 'too_large'; a broken or timed-out download fails with 'unreachable' or 'timeout'.
 */
export function createSafeStream(options: SafeFetchOptions = {}): SafeStream {
	const maxBytes = options.maxBytes ?? 5 * 1024 * 1024
	const get = createSafeGet(options, async (response, release, signal) => {
		const declared = declaredLength(response)
		if (declared !== null && declared > maxBytes) {
			await response.body?.cancel().catch(() => {})
			release()
			throw tooLarge(maxBytes)
		}
		return { declaredBytes: declared, body: cappedStream(response.body, maxBytes, release, signal) }
	})
	return async (url, init) => {
		const result = await get(url, init)
		return { url: result.url, status: result.status, contentType: result.contentType, declaredBytes: result.body.declaredBytes, body: result.body.body }
	}
}

/** The body's chunks, counted; the pinned agent released when the stream ends or is left early. */
async function* cappedStream(body: AsyncIterable<Uint8Array> | null, maxBytes: number, release: () => void, signal: AbortSignal): AsyncGenerator<Uint8Array> {
	let total = 0
	try {
		for await (const chunk of body ?? []) {
			total += chunk.byteLength
			if (total > maxBytes) throw tooLarge(maxBytes)
			yield chunk
		}
	} catch (error) {
		if (error instanceof WebReadError) throw error
		if (signal.aborted) throw new WebReadError('timeout', 'Die Seite hat nicht rechtzeitig geantwortet.', { cause: error })
		throw new WebReadError('unreachable', 'Die Verbindung ist abgebrochen.', { cause: error })
	} finally {
		release()
	}
}

/** The vetted, pinned GET with redirects (each hop checked again); `read` owns the answer and its agent (release it). */
function createSafeGet<T>(options: SafeFetchOptions, read: (response: UndiciResponse, release: () => void, signal: AbortSignal) => Promise<T>) {
	const timeoutMs = options.timeoutMs ?? 10_000
	const maxRedirects = options.maxRedirects ?? 5
	const userAgent = options.userAgent ?? defaultUserAgent
	const vet = createVet(options)

	type Result = { url: string; status: number; contentType: string | null; body: T }
	type Hop = { redirect: string } | { result: Result }

	async function hop(target: Target, accept: string, signal: AbortSignal): Promise<Hop> {
		// One agent per hop whose lookup answers with the vetted address: the socket cannot reach
		// anything the checks above did not see. IP literals never call lookup and were checked as such.
		const agent = pinnedAgent(target)
		const release = () => void agent.destroy().catch(() => {})
		let handedOver = false
		try {
			const response = await fetch(target.url.href, {
				dispatcher: agent,
				redirect: 'manual',
				signal,
				headers: { accept, 'accept-language': 'de-DE,de;q=0.9,en;q=0.7', 'user-agent': userAgent },
			})
			if (redirectStatuses.has(response.status)) {
				await response.body?.cancel().catch(() => {})
				const location = response.headers.get('location')
				if (!location) throw new WebReadError('unreachable', `Weiterleitung ohne Ziel (HTTP ${response.status}).`)
				let next: string
				try {
					next = new URL(location, target.url).href
				} catch {
					throw new WebReadError('invalid_url', 'Die Weiterleitung führt zu einer ungültigen Adresse.')
				}
				return { redirect: next }
			}
			if (response.status >= 400) {
				await response.body?.cancel().catch(() => {})
				throw new WebReadError('unreachable', `Die Seite antwortet mit HTTP ${response.status}.`)
			}
			handedOver = true
			const body = await read(response, release, signal)
			return { result: { url: target.url.href, status: response.status, contentType: response.headers.get('content-type'), body } }
		} finally {
			if (!handedOver) release()
		}
	}

	return async function safeGet(url: string, init: SafeFetchInit = {}): Promise<Result> {
		const timeout = AbortSignal.timeout(timeoutMs)
		const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout
		const accept = init.accept ?? '*/*'
		try {
			let current = url
			for (let redirects = 0; ; redirects++) {
				const target = await vet(current, signal)
				const next = await hop(target, accept, signal)
				if ('result' in next) return next.result
				if (redirects >= maxRedirects) throw new WebReadError('too_many_redirects', 'Zu viele Weiterleitungen.')
				current = next.redirect
			}
		} catch (error) {
			if (init.signal?.aborted) throw init.signal.reason
			if (error instanceof WebReadError) throw error
			if (timeout.aborted) throw new WebReadError('timeout', 'Die Seite hat nicht rechtzeitig geantwortet.', { cause: error })
			throw new WebReadError('unreachable', 'Die Seite ist nicht erreichbar.', { cause: error })
		}
	}
}

/**
 * A `fetch` for API calls to hosts a user names (a Mastodon instance, a Bluesky PDS): any method,
 * headers and body, every status answered as it is, redirects never followed (a 3xx comes back as
 * it is), the same address checks and pinning as createSafeFetch, the answer capped at maxBytes.
 * A refused or unknown host throws WebReadError ('blocked_address', 'invalid_url', 'unreachable').
 */
export function createSafeHttp(options: SafeFetchOptions = {}): typeof globalThis.fetch {
	const maxBytes = options.maxBytes ?? 5 * 1024 * 1024
	const timeoutMs = options.timeoutMs ?? 10_000
	const vet = createVet(options)
	return (async (input: string | URL | Request, init: RequestInit = {}) => {
		const request = input instanceof Request ? input : null
		const timeout = AbortSignal.timeout(timeoutMs)
		const outer = init.signal ?? request?.signal ?? null
		const signal = outer ? AbortSignal.any([outer, timeout]) : timeout
		const target = await vet(request ? request.url : String(input), signal)
		const agent = pinnedAgent(target)
		try {
			const body = init.body ?? (request && request.method !== 'GET' && request.method !== 'HEAD' ? await request.arrayBuffer() : undefined)
			const response = await fetch(target.url.href, {
				method: init.method ?? request?.method ?? 'GET',
				headers: (init.headers ?? request?.headers) as Record<string, string> | undefined,
				body: body as never,
				// A streamed request body (a video upload to an instance) is sent as it is read.
				...(body instanceof ReadableStream ? { duplex: 'half' as const } : {}),
				dispatcher: agent,
				redirect: 'manual',
				signal,
			})
			const bytes = await readCapped(response, maxBytes)
			const headers = new Headers(response.headers as unknown as HeadersInit)
			headers.delete('content-encoding')
			headers.delete('content-length')
			return new Response(response.status === 204 || response.status === 304 ? null : (bytes as BodyInit), { status: response.status, statusText: response.statusText, headers })
		} catch (error) {
			if (outer?.aborted) throw outer.reason
			if (error instanceof WebReadError) throw error
			if (timeout.aborted) throw new WebReadError('timeout', 'Die Seite hat nicht rechtzeitig geantwortet.', { cause: error })
			throw new WebReadError('unreachable', 'Die Seite ist nicht erreichbar.', { cause: error })
		} finally {
			agent.destroy().catch(() => {})
		}
	}) as typeof globalThis.fetch
}

function tooLarge(maxBytes: number) {
	return new WebReadError('too_large', `Die Seite ist größer als ${Math.round(maxBytes / 1024 / 1024)} MB.`)
}

/** The body, at most maxBytes: a larger declared length is refused unread (a compressed one says nothing about the decoded size). */
async function readCapped(response: UndiciResponse, maxBytes: number): Promise<Uint8Array> {
	const declared = declaredLength(response)
	if (declared !== null && declared > maxBytes) {
		await response.body?.cancel().catch(() => {})
		throw tooLarge(maxBytes)
	}
	return readLimited(response.body, maxBytes)
}

/** Content-Length of an uncompressed answer, else null. */
function declaredLength(response: UndiciResponse) {
	const header = response.headers.get('content-length')
	const encoding = response.headers.get('content-encoding')
	if (header === null || (encoding && encoding !== 'identity')) return null
	const declared = Number(header)
	return Number.isFinite(declared) ? declared : null
}

async function readLimited(body: AsyncIterable<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
	if (!body) return new Uint8Array()
	const chunks: Array<Uint8Array> = []
	let total = 0
	// Leaving the loop early cancels the stream, which aborts the download.
	for await (const chunk of body) {
		total += chunk.byteLength
		if (total > maxBytes) throw tooLarge(maxBytes)
		chunks.push(chunk)
	}
	const bytes = new Uint8Array(total)
	let offset = 0
	for (const chunk of chunks) {
		bytes.set(chunk, offset)
		offset += chunk.byteLength
	}
	return bytes
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
	if (signal.aborted) return Promise.reject(signal.reason)
	return new Promise<T>((resolve, reject) => {
		const onAbort = () => reject(signal.reason)
		signal.addEventListener('abort', onAbort, { once: true })
		promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
	})
}

/** Names that only mean something inside a network: never resolved, whatever DNS would say. */
export function isInternalName(hostname: string) {
	const name = hostname.replace(/\.$/, '')
	if (!name.includes('.')) return true
	return name === 'localhost' || /\.(localhost|local|internal|intranet|lan|home\.arpa)$/.test(name)
}

// ---------------------------------------------------------------------------------------------
// Address classification. Public means: globally routable unicast. Everything else is refused.

const blockedIPv4: Array<[number, number]> = [
	'0.0.0.0/8', // "this network"
	'10.0.0.0/8',
	'100.64.0.0/10', // carrier-grade NAT
	'127.0.0.0/8',
	'169.254.0.0/16', // link-local, cloud metadata
	'172.16.0.0/12',
	'192.0.0.0/24', // IETF protocol assignments
	'192.0.2.0/24', // documentation
	'192.88.99.0/24', // 6to4 relay anycast
	'192.168.0.0/16',
	'198.18.0.0/15', // benchmarking
	'198.51.100.0/24', // documentation
	'203.0.113.0/24', // documentation
	'224.0.0.0/4', // multicast
	'240.0.0.0/4', // reserved, includes broadcast 255.255.255.255
].map((cidr) => {
	const [base, bits] = cidr.split('/') as [string, string]
	const mask = Number(bits) === 0 ? 0 : (~0 << (32 - Number(bits))) >>> 0
	return [(parseIPv4(base)! & mask) >>> 0, mask]
})

function parseIPv4(address: string): number | null {
	const parts = address.split('.')
	if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null
	return parts.reduce((value, part) => value * 256 + Number(part), 0) >>> 0
}

function isPublicIPv4(value: number) {
	return !blockedIPv4.some(([base, mask]) => ((value & mask) >>> 0) === base)
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail), or null. */
function parseIPv6(address: string): Array<number> | null {
	if (address.includes('%') || net.isIPv6(address) === false) return null
	let text = address.toLowerCase()
	const lastColon = text.lastIndexOf(':')
	const tail = text.slice(lastColon + 1)
	if (tail.includes('.')) {
		const v4 = parseIPv4(tail)
		if (v4 === null) return null
		text = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
	}
	const [head = '', rest] = text.split('::')
	const headGroups = head ? head.split(':') : []
	const restGroups = rest ? rest.split(':') : []
	const groups = rest === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - restGroups.length).fill('0'), ...restGroups]
	if (groups.length !== 8) return null
	return groups.map((group) => parseInt(group, 16))
}

function isPublicIPv6(g: Array<number>) {
	const embedded = (high: number, low: number) => isPublicIPv4(((high << 16) | low) >>> 0)
	const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0)
	// ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (IPv4-translated) reach the IPv4 address.
	if (zeros(0, 5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!)
	if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return embedded(g[6]!, g[7]!)
	// NAT64 (64:ff9b::/96) and 6to4 (2002::/16) embed an IPv4 address that the gateway connects to.
	if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return embedded(g[6]!, g[7]!)
	if (g[0] === 0x2002) return embedded(g[1]!, g[2]!)
	// Only 2000::/3 is global unicast: this refuses ::, ::1, IPv4-compatible ::a.b.c.d, fc00::/7,
	// fe80::/10, fec0::/10, ff00::/8 and the NAT64 local-use prefix 64:ff9b:1::/48.
	if ((g[0]! & 0xe000) !== 0x2000) return false
	if (g[0] === 0x2001 && g[1]! < 0x200) return false // 2001::/23 IETF assignments incl. Teredo
	if (g[0] === 0x2001 && g[1] === 0xdb8) return false // documentation
	if (g[0] === 0x3fff && g[1]! < 0x1000) return false // documentation 3fff::/20
	return true
}

/** Whether a connection to this IP address would leave for the public internet. */
export function isPublicAddress(address: string): boolean {
	const bare = address.replace(/^\[|\]$/g, '')
	const family = net.isIP(bare)
	if (family === 4) {
		const value = parseIPv4(bare)
		return value !== null && isPublicIPv4(value)
	}
	if (family === 6) {
		const groups = parseIPv6(bare)
		return groups !== null && isPublicIPv6(groups)
	}
	return false
}
