import { useContext } from 'react'
import { I18nContext } from 'react-i18next'
import type { FlatNamespace, i18n as I18n, TFunction } from 'i18next'

const cache = new WeakMap<I18n, Map<string, TFunction>>()

/**
 * `t` of one namespace for components rendered many times on a page (calendar slots and chips, post
 * cards, platform marks). react-i18next's useTranslation copies the i18n instance for every component
 * on the server (refs do not survive there), which cost a few milliseconds per calendar page; this
 * reads the provider's instance as it is. German is the only language, so there is no switch to
 * follow. i18next's lookup and interpolation cost 10-30 µs a call, and a page asks for the same
 * labels on every card: see `fixedTranslation` for what is answered without it.
 */
export function useFixedT<N extends FlatNamespace>(ns: N): TFunction<N> {
	const { i18n } = useContext(I18nContext)
	let byNs = cache.get(i18n)
	if (!byNs) cache.set(i18n, (byNs = new Map()))
	let t = byNs.get(ns)
	if (!t) {
		t = fixedTranslation(i18n, ns)
		byNs.set(ns, t)
	}
	return t as TFunction<N>
}

type Translate = (key: unknown, ...rest: Array<unknown>) => string

// A template i18next would only fill in: {{name}} placeholders, no formats ({{x, number}}) or nesting ($t()).
const PLACEHOLDER = /\{\{(\w+)\}\}/g
const SPECIAL = /\{\{(?!\w+\}\})|\$t\(/

/**
 * The translation of `ns`, with two shortcuts around i18next: a string without options is looked up
 * once per instance, and a simple template whose options are strings (and a numeric `count`, which
 * picks the plural form as i18next does: key_one, key_other, else the key) is filled in here.
 * Everything else goes to i18next as before.
 */
export function fixedTranslation(i18n: I18n, ns: string): TFunction {
	const fixed = (i18n.getFixedT as (lng: null, ns: string) => unknown)(null, ns) as Translate
	const plurals = new Intl.PluralRules(i18n.language)
	const strings = new Map<string, string>()
	const templates = new Map<string, string | null>()

	function template(key: string) {
		let value = templates.get(key)
		if (value === undefined) {
			const raw: unknown = key.includes(':') ? undefined : i18n.getResource(i18n.language, ns, key)
			value = typeof raw === 'string' && !SPECIAL.test(raw) ? raw : null
			templates.set(key, value)
		}
		return value
	}

	function filled(key: string, options: Record<string, unknown>) {
		if ('context' in options) return null
		const count = options.count
		if (count !== undefined && typeof count !== 'number') return null
		const raw = count === undefined ? template(key) : (template(`${key}_${plurals.select(count)}`) ?? template(key))
		if (raw === null) return null
		let complete = true
		const text = raw.replace(PLACEHOLDER, (match, name: string) => {
			const value = options[name]
			if (typeof value === 'string') return value
			if (name === 'count' && typeof value === 'number') return String(value)
			complete = false
			return match
		})
		return complete && Object.keys(options).every((name) => raw.includes(`{{${name}}}`)) ? text : null
	}

	const t: Translate = (key, ...rest) => {
		if (typeof key !== 'string') return fixed(key, ...rest)
		if (rest.length === 0) {
			let value = strings.get(key)
			if (value === undefined) {
				value = fixed(key)
				// A key that is missing answers itself: not kept, so a namespace loaded later still shows.
				if (value !== key) strings.set(key, value)
			}
			return value
		}
		const options = rest[0]
		if (rest.length === 1 && options !== null && typeof options === 'object') {
			const text = filled(key, options as Record<string, unknown>)
			if (text !== null) return text
		}
		return fixed(key, ...rest)
	}
	return t as unknown as TFunction
}
