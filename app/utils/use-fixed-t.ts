import { useContext } from 'react'
import { I18nContext } from 'react-i18next'
import type { FlatNamespace, i18n as I18n, TFunction } from 'i18next'

const cache = new WeakMap<I18n, Map<string, TFunction>>()

/**
 * `t` of one namespace for components rendered many times on a page (calendar slots and chips, post
 * cards, platform marks). react-i18next's useTranslation copies the i18n instance for every component
 * on the server (refs do not survive there), which cost a few milliseconds per calendar page; this
 * reads the provider's instance as it is. German is the only language, so there is no switch to
 * follow. Strings without options are looked up once per instance (a page asks for the same labels
 * on every card; i18next's lookup costs microseconds each).
 */
export function useFixedT<N extends FlatNamespace>(ns: N): TFunction<N> {
	const { i18n } = useContext(I18nContext)
	let byNs = cache.get(i18n)
	if (!byNs) cache.set(i18n, (byNs = new Map()))
	let t = byNs.get(ns)
	if (!t) {
		t = memoized(i18n.getFixedT(null, ns))
		byNs.set(ns, t)
	}
	return t as TFunction<N>
}

type Translate = (key: unknown, ...rest: Array<unknown>) => string

function memoized(fixedT: TFunction): TFunction {
	const fixed = fixedT as unknown as Translate
	const strings = new Map<string, string>()
	const t: Translate = (key, ...rest) => {
		if (typeof key !== 'string' || rest.length > 0) return fixed(key, ...rest)
		let value = strings.get(key)
		if (value === undefined) {
			value = fixed(key)
			// A key that is missing answers itself: not kept, so a namespace loaded later still shows.
			if (value !== key) strings.set(key, value)
		}
		return value
	}
	return t as unknown as TFunction
}
