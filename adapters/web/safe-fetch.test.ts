// The SSRF suite (SECURITY.md §2.4). Every refused URL must fail before a connection is made: the
// "internal" fake stands for a service on the host and must see no connection at all. Only
// 127.0.0.1 is ever contacted; names resolve through an injected lookup.
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { WebReadError, type WebReadErrorCode } from '#modules/media/web-reader.ts'
import { FAKE_ARTICLE, FAKE_ARTICLE_PATH, startWebFake, type WebFake } from '#tests/fakes/web.ts'
import { createSafeFetch, createSafeStream, isPublicAddress, type Lookup } from './safe-fetch.ts'

let web: WebFake
let internal: WebFake
let internalPort: string

const dnsRecords: Record<string, Array<string>> = {
	'evil.test': ['127.0.0.1'],
	'private.test': ['192.168.178.1'],
	'metadata.test': ['169.254.169.254'],
	'loopback6.test': ['::1'],
	'mapped.test': ['::ffff:7f00:1'],
	'mixed.test': ['93.184.216.34', '127.0.0.1'],
	'mixed6.test': ['2606:2800:220:1:248:1893:25c8:1946', 'fd00::1'],
}
let lookupCalls: Array<string> = []
const lookup: Lookup = async (hostname) => {
	lookupCalls.push(hostname)
	const addresses = dnsRecords[hostname]
	if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
	return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
}

beforeAll(async () => {
	web = await startWebFake()
	internal = await startWebFake()
	internalPort = internal.host.split(':')[1]!
})

afterAll(async () => {
	await web?.close()
	await internal?.close()
})

beforeEach(() => {
	lookupCalls = []
})

async function refusal(promise: Promise<unknown>): Promise<WebReadError> {
	try {
		await promise
	} catch (error) {
		expect(error).toBeInstanceOf(WebReadError)
		return error as WebReadError
	}
	throw new Error('expected the fetch to be refused')
}

async function expectCode(promise: Promise<unknown>, code: WebReadErrorCode) {
	expect((await refusal(promise)).code).toBe(code)
}

describe('refuses non-public IP literals before connecting', () => {
	const safeFetch = createSafeFetch({ lookup, allowHosts: [] })
	// PORT is the internal fake's port.
	const vectors = [
		'http://127.0.0.1:PORT/',
		'http://127.0.0.1/',
		'http://127.1/',
		'http://2130706433/',
		'http://0x7f000001/',
		'http://0x7f.0.0.1/',
		'http://0177.0.0.1/',
		'http://0.0.0.0:PORT/',
		'http://0/',
		'http://[::1]/',
		'http://[::1]:PORT/',
		'http://[::]/',
		'http://[::ffff:127.0.0.1]/',
		'http://[::ffff:7f00:1]/',
		'http://[0:0:0:0:0:ffff:127.0.0.1]/',
		'http://[::127.0.0.1]/',
		'http://169.254.169.254/latest/meta-data/',
		'http://[::ffff:a9fe:a9fe]/',
		'http://[::169.254.169.254]/',
		'http://[2002:a9fe:a9fe::1]/',
		'http://[2002:7f00:1::]/',
		'http://[64:ff9b::a9fe:a9fe]/',
		'http://[64:ff9b::10.0.0.1]/',
		'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
		'http://100.64.0.1/',
		'http://10.0.0.1/',
		'http://172.16.0.1/',
		'http://172.31.255.254/',
		'http://192.168.0.1/',
		'http://[fc00::1]/',
		'http://[fd12:3456::1]/',
		'http://[fe80::1]/',
		'http://224.0.0.1/',
		'http://[ff02::1]/',
		'http://255.255.255.255/',
		'http://240.0.0.1/',
		'http://192.0.2.1/',
		'https://198.51.100.7/',
		'https://203.0.113.9/',
		'http://[2001:db8::1]/',
		'http://%31%32%37.0.0.1/',
		'http://127。0。0。1/',
	]

	it.each(vectors.map((vector) => [vector]))('%s', async (vector) => {
		await expectCode(safeFetch(vector.replace('PORT', internalPort)), 'blocked_address')
		expect(lookupCalls).toEqual([])
	})

	it('never connected to the internal service', () => {
		expect(internal.connections()).toBe(0)
	})
})

describe('refuses hostnames that resolve to non-public addresses (injected DNS)', () => {
	const safeFetch = createSafeFetch({ lookup })

	it.each([['evil.test'], ['private.test'], ['metadata.test'], ['loopback6.test'], ['mapped.test']])('%s', async (host) => {
		await expectCode(safeFetch(`http://${host}/`), 'blocked_address')
		expect(lookupCalls).toEqual([host])
	})

	it('refuses a host with one public and one private address', async () => {
		await expectCode(safeFetch('http://mixed.test/'), 'blocked_address')
		await expectCode(safeFetch('https://mixed6.test/'), 'blocked_address')
	})

	it('fails closed when the name does not resolve', async () => {
		await expectCode(safeFetch('http://unbekannt.test/'), 'unreachable')
	})

	it.each([['http://localhost/'], ['http://LOCALHOST./'], ['http://app.localhost/'], ['http://intranet/'], ['http://drucker.local/'], ['http://metadata.google.internal/'], ['http://router.home.arpa/']])(
		'refuses the internal name %s without resolving it',
		async (url) => {
			await expectCode(safeFetch(url), 'blocked_address')
			expect(lookupCalls).toEqual([])
		},
	)

	it('never connected to the internal service', () => {
		expect(internal.connections()).toBe(0)
	})
})

describe('refuses other schemes, credentials and ports', () => {
	const safeFetch = createSafeFetch({ lookup })

	it.each([
		['file:///etc/passwd'],
		['ftp://example.com/datei.txt'],
		['gopher://example.com:70/_GET'],
		['data:text/html,<p>hallo</p>'],
		['javascript:alert(1)'],
		['ws://example.com/'],
		['nicht einmal eine Adresse'],
		['http://user:pass@example.com/'],
		['http://user@example.com/'],
		['https://:geheim@example.com/'],
		['http://example.com:22/'],
		['http://example.com:6379/'],
		['https://example.com:0/'],
		[`http://example.com/${'a'.repeat(100_000)}`],
	])('%s', async (url) => {
		await expectCode(safeFetch(url), 'invalid_url')
		expect(lookupCalls).toEqual([])
	})

	it('allows the ports 80, 443, 8080 and 8443 (then checks the address)', async () => {
		for (const port of [80, 443, 8080, 8443]) await expectCode(safeFetch(`http://evil.test:${port}/`), 'blocked_address')
		expect(lookupCalls).toHaveLength(4)
	})
})

describe('redirects are followed by hand and every hop is checked again', () => {
	const safeFetch = createSafeFetch({ lookup, allowHosts: [] })
	let allowed: ReturnType<typeof createSafeFetch>
	beforeAll(() => {
		allowed = createSafeFetch({ lookup, allowHosts: [web.host] })
	})
	const via = (to: string) => `${web.url}/weiter?to=${encodeURIComponent(to)}`

	it('follows a redirect on the allowed host and reports the final URL', async () => {
		const result = await allowed(via(FAKE_ARTICLE_PATH))
		expect(result.status).toBe(200)
		expect(result.url).toBe(`${web.url}${FAKE_ARTICLE_PATH}`)
		expect(new TextDecoder().decode(result.body)).toContain(FAKE_ARTICLE.paragraphs[0].slice(0, 40))
	})

	it.each([
		['http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
		['http://[::ffff:a9fe:a9fe]/'],
		['http://127.0.0.1/'],
		['https://[::1]/'],
		['//127.0.0.1/'],
		['http://evil.test/'],
		['http://mixed.test/'],
		['http://localhost/'],
	])('refuses a redirect to %s', async (to) => {
		await expectCode(allowed(via(to)), 'blocked_address')
	})

	it('refuses a redirect to another port on loopback (a service next to the allowed one)', async () => {
		const error = await refusal(allowed(via(`http://127.0.0.1:${internalPort}/admin`)))
		expect(['blocked_address', 'invalid_url']).toContain(error.code)
		expect(internal.connections()).toBe(0)
	})

	it('refuses redirects to other schemes and to URLs with credentials', async () => {
		await expectCode(allowed(via('file:///etc/passwd')), 'invalid_url')
		await expectCode(allowed(via('gopher://example.com/')), 'invalid_url')
		await expectCode(allowed(via('http://admin:admin@example.com/')), 'invalid_url')
	})

	it('follows five redirects and refuses the sixth', async () => {
		expect((await allowed(`${web.url}/kette?n=5`)).url).toBe(`${web.url}${FAKE_ARTICLE_PATH}`)
		await expectCode(allowed(`${web.url}/kette?n=6`), 'too_many_redirects')
		await expectCode(createSafeFetch({ allowHosts: [web.host], maxRedirects: 1 })(`${web.url}/kette?n=2`), 'too_many_redirects')
	})

	it('a fake not on the allow list is refused like any loopback address', async () => {
		await expectCode(safeFetch(`${web.url}${FAKE_ARTICLE_PATH}`), 'blocked_address')
	})

	it('never connected to the internal service', () => {
		expect(internal.connections()).toBe(0)
	})
})

describe('connects to exactly the address that was checked', () => {
	it('resolves once per hop and never again at connect time (no DNS rebinding)', async () => {
		const port = web.host.split(':')[1]
		let calls = 0
		// First answer: the fake. Any later resolution fails, so a second lookup would break the fetch.
		const rebinding: Lookup = async () => {
			calls++
			if (calls === 1) return [{ address: '127.0.0.1', family: 4 }]
			throw new Error('second lookup')
		}
		const safeFetch = createSafeFetch({ lookup: rebinding, allowHosts: [`rebind.test:${port}`] })
		const result = await safeFetch(`http://rebind.test:${port}${FAKE_ARTICLE_PATH}`)
		expect(result.status).toBe(200)
		expect(calls).toBe(1)
	})
})

describe('limits', () => {
	it('aborts a streamed body beyond 5 MB', async () => {
		const safeFetch = createSafeFetch({ allowHosts: [web.host] })
		await expectCode(safeFetch(`${web.url}/gross`), 'too_large')
	})

	it('refuses a declared Content-Length beyond the limit before reading', async () => {
		web.setPage('/gross-angekuendigt', { body: new Uint8Array(5 * 1024 * 1024 + 1) })
		await expectCode(createSafeFetch({ allowHosts: [web.host] })(`${web.url}/gross-angekuendigt`), 'too_large')
	})

	it('counts the decompressed bytes (a gzip bomb stops at the limit)', async () => {
		const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024))
		expect(bomb.byteLength).toBeLessThan(100 * 1024)
		web.setPage('/bombe', { body: bomb, headers: { 'content-encoding': 'gzip' } })
		await expectCode(createSafeFetch({ allowHosts: [web.host] })(`${web.url}/bombe`), 'too_large')
	})

	it('honours a smaller maxBytes', async () => {
		await expectCode(createSafeFetch({ allowHosts: [web.host], maxBytes: 1000 })(`${web.url}${FAKE_ARTICLE_PATH}`), 'too_large')
	})

	it('times out a page that never finishes', async () => {
		// The page never ends: only the timeout can end the read (else vitest's hang guard would).
		await expectCode(createSafeFetch({ allowHosts: [web.host], timeoutMs: 300 })(`${web.url}/langsam`), 'timeout')
	})

	it("passes the caller's abort on as is", async () => {
		const controller = new AbortController()
		const pending = createSafeFetch({ allowHosts: [web.host] })(`${web.url}/langsam`, { signal: controller.signal })
		setTimeout(() => controller.abort(new Error('abgebrochen')), 100)
		await expect(pending).rejects.toThrow('abgebrochen')
	})

	it('reports 4xx/5xx and refused connections as unreachable', async () => {
		await expectCode(createSafeFetch({ allowHosts: [web.host] })(`${web.url}/gibt-es-nicht`), 'unreachable')
		const closed = await startWebFake()
		const host = closed.host
		await closed.close()
		await expectCode(createSafeFetch({ allowHosts: [host] })(`http://${host}/`), 'unreachable')
	})
})

describe('isPublicAddress', () => {
	it.each([['93.184.216.34'], ['8.8.8.8'], ['1.1.1.1'], ['2606:4700:4700::1111'], ['2a00:1450:4001:82a::200e'], ['::ffff:8.8.8.8'], ['64:ff9b::808:808'], ['2002:808:808::1']])(
		'%s is public',
		(address) => expect(isPublicAddress(address)).toBe(true),
	)

	it.each([
		['127.0.0.1'],
		['127.255.255.255'],
		['0.0.0.0'],
		['10.255.255.255'],
		['100.127.255.255'],
		['169.254.169.254'],
		['172.16.0.1'],
		['192.168.1.1'],
		['198.18.0.1'],
		['224.0.0.251'],
		['255.255.255.255'],
		['::'],
		['::1'],
		['::ffff:127.0.0.1'],
		['::ffff:7f00:1'],
		['::ffff:0:7f00:1'],
		['::7f00:1'],
		['::8.8.8.8'],
		['fe80::1'],
		['fe80::1%eth0'],
		['febf::1'],
		['fec0::1'],
		['fc00::1'],
		['fdff::1'],
		['ff02::1'],
		['64:ff9b::7f00:1'],
		['64:ff9b:1::1'],
		['2002:c0a8:101::1'],
		['2001::1'],
		['2001:db8::1'],
		['3fff::1'],
		['100::1'],
		['localhost'],
		['1.2.3'],
		[''],
	])('%s is not public', (address) => expect(isPublicAddress(address)).toBe(false))
})

it('in test mode only allow-listed hosts are reached, public ones included', async () => {
	const lookups: Array<string> = []
	const safeFetch = createSafeFetch({ onlyAllowHosts: true, allowHosts: [], lookup: async (host) => (lookups.push(host), [{ address: '93.184.216.34', family: 4 }]) })
	await expect(safeFetch('https://www.heise.de/rss/heise-atom.xml')).rejects.toMatchObject({ code: 'blocked_address' })
	expect(lookups).toEqual([])
})

describe('createSafeStream (media by URL)', () => {
	const drain = async (body: AsyncIterable<Uint8Array>) => {
		let total = 0
		for await (const chunk of body) total += chunk.byteLength
		return total
	}

	it('hands the body on as it arrives and counts it: a chunked answer past maxBytes fails while streaming', async () => {
		const stream = createSafeStream({ allowHosts: [web.host], maxBytes: 1024 * 1024 })
		const answer = await stream(`${web.url}/gross`)
		expect(answer.declaredBytes).toBeNull()
		await expect(drain(answer.body)).rejects.toMatchObject({ name: 'WebReadError', code: 'too_large' })
	})

	it('refuses a declared length over maxBytes unread, and reads a small file whole', async () => {
		web.setPage('/datei-angekuendigt', { body: new Uint8Array(2048) })
		await expect(createSafeStream({ allowHosts: [web.host], maxBytes: 1024 })(`${web.url}/datei-angekuendigt`)).rejects.toMatchObject({ code: 'too_large' })
		const answer = await createSafeStream({ allowHosts: [web.host], maxBytes: 4096 })(`${web.url}/datei-angekuendigt`)
		expect(answer.declaredBytes).toBe(2048)
		expect(await drain(answer.body)).toBe(2048)
	})

	it('refuses an internal address before connecting, as createSafeFetch does', async () => {
		const before = internal.connections()
		await expect(createSafeStream({ lookup })(`http://127.0.0.1:${internalPort}/`)).rejects.toMatchObject({ code: 'blocked_address' })
		expect(internal.connections()).toBe(before)
	})
})
