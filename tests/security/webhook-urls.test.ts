import { expect, test } from 'vitest'
import { isInternalName, isPublicAddress } from '#adapters/web/index.ts'
import { checkEndpointUrl } from '#modules/webhooks/url.server.ts'
import type { UrlRules } from '#modules/webhooks/index.ts'

const dns: Record<string, Array<string>> = {
	'hooks.beispiel.ch': ['203.0.114.7', '2a00:1450:4001:80b::200e'],
	'intern.beispiel.ch': ['203.0.114.8', '10.0.0.5'],
	'metadata.beispiel.ch': ['169.254.169.254'],
}

const production: UrlRules = {
	allowHosts: [],
	onlyAllowHosts: false,
	isPublicAddress,
	isInternalName,
	lookup: async (hostname) => {
		const found = dns[hostname]
		if (!found) throw new Error('ENOTFOUND')
		return found.map((address) => ({ address }))
	},
}

test('a public https address is saved as it is (without a fragment)', async () => {
	expect(await checkEndpointUrl(' https://hooks.beispiel.ch/postwerk?k=1#x ', production)).toEqual({ ok: true, url: 'https://hooks.beispiel.ch/postwerk?k=1' })
	expect(await checkEndpointUrl('https://hooks.beispiel.ch:8443/a', production)).toMatchObject({ ok: true })
})

test('names that resolve to an internal address, internal names, literals and odd ports are refused in German', async () => {
	const error = async (url: string) => {
		const result = await checkEndpointUrl(url, production)
		return result.ok ? null : result.error
	}
	expect(await error('https://intern.beispiel.ch/hook')).toBe('Diese Adresse zeigt auf ein internes Netz und ist nicht erlaubt.')
	expect(await error('https://metadata.beispiel.ch/')).toBe('Diese Adresse zeigt auf ein internes Netz und ist nicht erlaubt.')
	expect(await error('https://server.local/hook')).toBe('Diese Adresse zeigt auf ein internes Netz und ist nicht erlaubt.')
	expect(await error('https://0x7f000001/hook')).toBe('Diese Adresse zeigt auf ein internes Netz und ist nicht erlaubt.')
	expect(await error('https://[::ffff:192.168.1.1]/hook')).toBe('Diese Adresse zeigt auf ein internes Netz und ist nicht erlaubt.')
	expect(await error('https://hooks.beispiel.ch:22/hook')).toBe('Dieser Port ist nicht erlaubt. Erlaubt sind 443, 8443, 80 und 8080.')
	expect(await error('http://hooks.beispiel.ch/hook')).toBe('Nur https-Adressen sind erlaubt.')
	expect(await error('https://unbekannt.beispiel.ch/hook')).toBe('Die Adresse konnte nicht aufgelöst werden.')
	expect(await error('javascript:alert(1)')).toBe('Nur https-Adressen sind erlaubt.')
})

test('http only for an allow-listed loopback receiver', async () => {
	const rules = { ...production, allowHosts: ['127.0.0.1:4100'] }
	expect(await checkEndpointUrl('http://127.0.0.1:4100/hook', rules)).toEqual({ ok: true, url: 'http://127.0.0.1:4100/hook' })
	expect(await checkEndpointUrl('http://127.0.0.1:4101/hook', rules)).toMatchObject({ ok: false })
})
