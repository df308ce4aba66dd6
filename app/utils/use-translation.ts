import type { FlatNamespace, i18n as I18n, TFunction } from 'i18next'
import { useContext } from 'react'
import { I18nContext } from 'react-i18next'

type Namespaces = FlatNamespace | ReadonlyArray<FlatNamespace>

// Per i18n instance (one per request on the server, one in the browser) and namespace list: one `t`
// that remembers the texts it has looked up without options. A list of rows asks for the same labels
// again and again, and every lookup walks i18next's resolution (nesting, plurals, fallbacks).
const cache = new WeakMap<I18n, Map<string, TFunction>>()

function cachedT(i18n: I18n, ns: Namespaces): TFunction {
	const key = typeof ns === 'string' ? ns : ns.join(',')
	let byNamespace = cache.get(i18n)
	if (!byNamespace) {
		byNamespace = new Map()
		cache.set(i18n, byNamespace)
	}
	let t = byNamespace.get(key)
	if (!t) {
		const fixed = i18n.getFixedT(null, ns as FlatNamespace) as unknown as (...args: Array<unknown>) => unknown
		const texts = new Map<string, string>()
		t = ((...args: Array<unknown>) => {
			const [lookup] = args
			if (args.length !== 1 || typeof lookup !== 'string') return fixed(...args)
			let text = texts.get(lookup)
			if (text === undefined) {
				const result = fixed(lookup)
				if (typeof result !== 'string') return result
				text = result
				// A missing text comes back as its key: not remembered (its namespace may be added later).
				if (text !== lookup && text !== lookup.slice(lookup.indexOf(':') + 1)) texts.set(lookup, text)
			}
			return text
		}) as unknown as TFunction
		byNamespace.set(key, t)
	}
	return t
}

/**
 * `t` of one namespace (or several, the first being the default) and the i18n instance, for every
 * component of the app. react-i18next's own useTranslation copies the whole i18n instance for every
 * component on every server render (its refs do not survive there): on a page of table rows that was
 * a tenth of the render's CPU. This reads the provider's instance as it is. German is the only
 * language and every namespace is registered when the code that uses it is imported (locales/ns/*),
 * so there is no language switch or namespace loading to follow.
 */
export function useTranslation<const Ns extends Namespaces = 'common'>(ns?: Ns) {
	const { i18n } = useContext(I18nContext)
	const t = cachedT(i18n, ns ?? 'common') as TFunction<Ns extends ReadonlyArray<FlatNamespace> ? [...Ns] : Ns>
	return { t, i18n }
}
