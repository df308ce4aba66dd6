import i18next, { type FlatNamespace } from 'i18next'
import { expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { fixedTranslation } from './use-fixed-t.ts'

const i18n = i18next.createInstance()
await i18n.init({ lng: 'de', fallbackLng: 'de', resources, interpolation: { escapeValue: false }, initAsync: false })

function leaves(value: unknown, prefix = ''): Array<[string, string]> {
	if (typeof value === 'string') return [[prefix, value]]
	return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key))
}

test('the shortcuts answer every string of every namespace as i18next does', () => {
	let compared = 0
	for (const [ns, strings] of Object.entries(resources.de)) {
		const fast = fixedTranslation(i18n, ns as FlatNamespace) as unknown as (key: string, options?: object) => string
		const slow = (i18n.getFixedT as (lng: null, ns: string) => unknown)(null, ns) as (key: string, options?: object) => string
		for (const [key, template] of leaves(strings)) {
			const base = key.replace(/_(one|other|zero)$/, '')
			const names = [...template.matchAll(/\{\{(\w+)/g)].map((m) => m[1]!)
			const values = Object.fromEntries(names.map((name, i) => [name, `Wert ${i} & <${name}>`]))
			for (const options of [undefined, values, { ...values, count: 0 }, { ...values, count: 1 }, { ...values, count: 2 }, { ...values, count: 1.5 }, { ...values, extra: 'x' }]) {
				expect(fast(base, options), `${ns}:${base} ${JSON.stringify(options)}`).toBe(slow(base, options))
				// The second call answers from the caches.
				expect(fast(base, options)).toBe(slow(base, options))
				compared++
			}
		}
	}
	expect(compared).toBeGreaterThan(1000)
})

test('a missing key answers the key, and is not remembered', () => {
	const fast = fixedTranslation(i18n, 'posts') as unknown as (key: string) => string
	expect(fast('gibt.es.nicht')).toBe('gibt.es.nicht')
	i18n.addResource('de', 'posts', 'gibt.es.nicht', 'jetzt schon')
	expect(fast('gibt.es.nicht')).toBe('jetzt schon')
})
