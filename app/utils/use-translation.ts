import type { FlatNamespace, i18n as I18n, TFunction } from 'i18next'
import { useContext } from 'react'
import { I18nContext } from 'react-i18next'

type Namespaces = FlatNamespace | ReadonlyArray<FlatNamespace>

// One `t` per i18n instance (one for every request on the server, one in the browser) and namespace
// list, kept across renders: see fixedTranslation for what it answers without i18next.
const cache = new WeakMap<I18n, Map<string, TFunction>>()

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
	const namespaces = ns ?? 'common'
	const key = typeof namespaces === 'string' ? namespaces : namespaces.join(',')
	let byNamespace = cache.get(i18n)
	if (!byNamespace) cache.set(i18n, (byNamespace = new Map()))
	let t = byNamespace.get(key)
	if (!t) {
		t = fixedTranslation(i18n, namespaces)
		byNamespace.set(key, t)
	}
	return { t: t as TFunction<Ns extends ReadonlyArray<FlatNamespace> ? [...Ns] : Ns>, i18n }
}

type Translate = (key: unknown, ...rest: Array<unknown>) => string

// A template i18next would only fill in: {{name}} placeholders, no formats ({{x, number}}) or nesting ($t()).
const PLACEHOLDER = /\{\{(\w+)\}\}/g
const SPECIAL = /\{\{(?!\w+\}\})|\$t\(/

/** A simple template split at its placeholders: `texts[0] names[0] texts[1] …`. */
type Template = { texts: Array<string>; names: Array<string> }

function compile(raw: string): Template {
	const texts: Array<string> = []
	const names: Array<string> = []
	let at = 0
	for (const match of raw.matchAll(PLACEHOLDER)) {
		texts.push(raw.slice(at, match.index))
		names.push(match[1]!)
		at = match.index + match[0].length
	}
	texts.push(raw.slice(at))
	return { texts, names }
}

/**
 * The translation of `ns`, with two shortcuts around i18next: a string without options is looked up
 * once per instance, and a simple template whose options are strings (and a `count`: a number picks
 * the plural form as i18next does, key_one, key_other, else the key; a string, as in i18next, none)
 * is filled in here. Everything else goes to i18next as before.
 */
export function fixedTranslation(i18n: I18n, namespaces: Namespaces): TFunction {
	const fixed = (i18n.getFixedT as (lng: null, ns: Namespaces) => unknown)(null, namespaces) as Translate
	// Templates are read from the first (default) namespace; keys naming another one go to i18next.
	const ns = typeof namespaces === 'string' ? namespaces : namespaces[0]!
	const plurals = new Intl.PluralRules(i18n.language)
	const strings = new Map<string, string>()
	const templates = new Map<string, Template | null>()

	function template(key: string) {
		let value = templates.get(key)
		if (value === undefined) {
			const raw: unknown = key.includes(':') ? undefined : i18n.getResource(i18n.language, ns, key)
			value = typeof raw === 'string' && !SPECIAL.test(raw) ? compile(raw) : null
			templates.set(key, value)
		}
		return value
	}

	function filled(key: string, options: Record<string, unknown>) {
		if ('context' in options) return null
		const count = options.count
		let compiled: Template | null
		if (typeof count === 'number') compiled = template(`${key}_${plurals.select(count)}`) ?? template(key)
		else if (count === undefined || typeof count === 'string') compiled = template(key)
		else return null
		if (compiled === null) return null
		const { texts, names } = compiled
		// Every option must be a placeholder of the template: others (defaultValue, ns, ...) mean something to i18next.
		for (const name in options) if (!names.includes(name)) return null
		let text = texts[0]!
		for (let i = 0; i < names.length; i++) {
			const value = options[names[i]!]
			if (typeof value === 'string') text += value
			else if (typeof value === 'number' && names[i] === 'count') text += String(value)
			else return null
			text += texts[i + 1]!
		}
		return text
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
