import { expect, test } from 'vitest'
import { hostOfInput } from './instance.ts'
import { mastodonSandbox } from './testing.ts'

test('the forms a user types for an instance come down to its host (lower case, IDN as punycode)', () => {
	expect(hostOfInput('mastodon.social')).toBe('mastodon.social')
	expect(hostOfInput('  https://Mastodon.Social/  ')).toBe('mastodon.social')
	expect(hostOfInput('https://chaos.social/@anna')).toBe('chaos.social')
	expect(hostOfInput('@anna@chaos.social')).toBe('chaos.social')
	expect(hostOfInput('anna@Chaos.Social')).toBe('chaos.social')
	expect(hostOfInput('bärn.social')).toBe('xn--brn-qla.social')
	for (const input of ['', 'mastodon social', 'https://user:pw@mastodon.social', 'mastodon.social:8443', 'ftp://mastodon.social', '-x.example', 'a..b']) {
		expect(() => hostOfInput(input), input).toThrow(expect.objectContaining({ kind: 'invalid_request', code: 'server_invalid' }))
	}
})

test('resolveServer answers the https base URL of a host that answers as Mastodon', async () => {
	await using sandbox = await mastodonSandbox()
	expect(await sandbox.adapter.resolveServer!('@anna@Mastodon.Example')).toBe('https://mastodon.example')
	expect(await sandbox.adapter.resolveServer!('https://lang.example/')).toBe('https://lang.example')
	const [instance] = sandbox.router.requests
	expect(instance).toMatchObject({ method: 'GET', path: '/host/mastodon.example/api/v2/instance' })
})

test('private and internal hosts are refused as server_blocked before anything is sent', async () => {
	await using sandbox = await mastodonSandbox()
	for (const input of ['127.0.0.1', 'localhost', '10.0.0.5', 'https://[::1]/', 'drucker.local', '@anna@169.254.169.254']) {
		await expect(sandbox.adapter.resolveServer!(input), input).rejects.toMatchObject({ kind: 'invalid_request', code: 'server_blocked' })
	}
	expect(sandbox.sent()).toBe(0)
	expect(sandbox.router.requests).toHaveLength(0)
})

test('a host that does not resolve, or is no Mastodon, is server_not_found', async () => {
	await using sandbox = await mastodonSandbox()
	await expect(sandbox.adapter.resolveServer!('x.invalid')).rejects.toMatchObject({ kind: 'invalid_request', code: 'server_not_found' })
	expect(sandbox.sent()).toBe(0)
	await expect(sandbox.adapter.resolveServer!('kein-mastodon.example')).rejects.toMatchObject({ kind: 'invalid_request', code: 'server_not_found' })
	const answer = await fetch(`${sandbox.base}/mastodon/host/kein-mastodon.example/api/v2/instance`)
	expect([answer.status, answer.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8'])
})

test('an instance that answers without naming its domain is server_not_found; a busy one stays transient', async () => {
	await using sandbox = await mastodonSandbox()
	sandbox.router.script('GET /host/:host/api/v2/instance', [{ status: 200, body: { title: 'irgendwas' } }, { status: 503, body: { error: 'busy' } }])
	await expect(sandbox.adapter.resolveServer!('mastodon.example')).rejects.toMatchObject({ code: 'server_not_found' })
	await expect(sandbox.adapter.resolveServer!('andere.example')).rejects.toMatchObject({ kind: 'transient', code: 'server_error' })
})
