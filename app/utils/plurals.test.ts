import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// Issue 37, 4.11: "1 Entwürfe", "1 Netzwerke". A number shown beside a noun takes the noun's
// singular for 1: through i18next plurals ({{count}} with _one and _other forms), everywhere.

const root = path.resolve(import.meta.dirname, '../..')
const localeDir = path.join(root, 'locales/de')
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

type Strings = Map<string, string>

/** Every string of a namespace file, by its dotted key. */
function flatten(value: unknown, prefix: string, into: Strings) {
	if (typeof value === 'string') into.set(prefix, value)
	else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into)
}

const namespaces = new Map<string, Strings>(
	readdirSync(localeDir)
		.filter((file) => file.endsWith('.json'))
		.map((file) => {
			const strings: Strings = new Map()
			flatten(JSON.parse(readFileSync(path.join(localeDir, file), 'utf8')), '', strings)
			return [file.replace(/\.json$/, ''), strings] as const
		}),
)

const hasPluralForms = (strings: Strings, key: string) => strings.has(`${key}_one`) && strings.has(`${key}_other`)

test('every locale string with {{count}} has its _one and _other forms', () => {
	const missing: Array<string> = []
	for (const [ns, strings] of namespaces) {
		for (const [key, text] of strings) {
			if (!/\{\{\s*count\s*\}\}/.test(text)) continue
			const base = key.replace(PLURAL_SUFFIX, '')
			if (!hasPluralForms(strings, base)) missing.push(`${ns}:${key} ${JSON.stringify(text)}`)
		}
	}
	expect(missing).toEqual([])
})

// Nouns whose plural differs from their singular, as they follow a number in our texts.
const PLURAL_NOUNS = ['Entwürfe', 'Netzwerke', 'Einträge', 'Zeilen', 'Minuten', 'Stunden', 'Tage', 'Tagen', 'Agenten', 'Modelle', 'Beispielen', 'Ideen', 'Content-Ideen', 'Wörter', 'Bilder', 'Sekunden', 'Kommentare', 'Posts', 'Credits', 'Interaktionen', 'Benutzer', 'Versuche', 'Dateien']
const numberBeforeNoun = new RegExp(`\\{\\{\\s*(\\w+)\\s*\\}\\}\\s+(?:neue\\s+)?(${PLURAL_NOUNS.join('|')})\\b`, 'u')

/**
 * Placeholders before a plural noun that are not yet counted. The catalogue's constants (pack sizes,
 * the agent limit, a network's quota) are never 1; the others are real slips still to convert. The
 * list may only shrink: a new string must use {{count}}.
 */
const NOT_YET_COUNTED = new Set([
	// Constants of the catalogue, never 1.
	'agents:presets.count',
	'agents:presets.count_one',
	'agents:presets.count_other',
	'agents:presets.limitText',
	'agents:toasts.limitText',
	'billing:plans.creditsOnce',
	'billing:plans.creditsMonthly',
	'billing:packs.credits',
	'billing:checkout.pack',
	'billing:testCheckout.paidPack',
	'billing:payments.pack',
	'publishing:accountCheck.quota_reached',
	'csvImport:errors.tooManyRows',
])

test('a number beside a plural noun is a {{count}} with plural forms, not another placeholder', () => {
	const slips: Array<string> = []
	for (const [ns, strings] of namespaces) {
		for (const [key, text] of strings) {
			const match = numberBeforeNoun.exec(text)
			if (match && match[1] !== 'count' && !NOT_YET_COUNTED.has(`${ns}:${key}`)) slips.push(`${ns}:${key} {{${match[1]}}} ${match[2]}`)
		}
	}
	expect(slips).toEqual([])
})

function* sourceFiles(dir: string): Generator<string> {
	for (const name of readdirSync(dir)) {
		const full = path.join(dir, name)
		if (statSync(full).isDirectory()) yield* sourceFiles(full)
		else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full
	}
}

test('the code passes a count only to keys with plural forms', () => {
	// t('ns:key', { ..., count: n }) / t('key', { count: n }) / fill(texts.a.b, { count: n })
	const tCall = /\bt\(\s*['`]([\w:.-]+)['`]\s*,\s*\{[^}(]*\bcount\s*:/g
	const fillCall = /\bfill\(\s*[\w]+\.([\w.]+)\s*,\s*\{[^}(]*\bcount\s*:/g
	const missing: Array<string> = []
	for (const dir of ['app', 'modules', 'server', 'adapters']) {
		for (const file of sourceFiles(path.join(root, dir))) {
			const source = readFileSync(file, 'utf8')
			const declared = /useTranslation\(\s*'(\w+)'/.exec(source)?.[1] ?? /getFixedT\([^,]+,\s*'(\w+)'/.exec(source)?.[1]
			for (const match of source.matchAll(tCall)) {
				const [ns, key] = match[1]!.includes(':') ? match[1]!.split(':') : [declared, match[1]!]
				const candidates = ns && namespaces.has(ns) ? [namespaces.get(ns)!] : [...namespaces.values()]
				if (!candidates.some((strings) => hasPluralForms(strings, key!))) missing.push(`${path.relative(root, file)}: t('${match[1]}', { count })`)
			}
			for (const match of source.matchAll(fillCall)) {
				// fill() knows no plurals: a counted text is picked by the caller (texts.key_one / key_other).
				if (!PLURAL_SUFFIX.test(match[1]!) && ![...namespaces.values()].some((strings) => hasPluralForms(strings, match[1]!.replace(/^[^.]+\./, '')) || hasPluralForms(strings, match[1]!))) continue
				missing.push(`${path.relative(root, file)}: fill(…${match[1]}, { count }) cannot choose a plural form`)
			}
		}
	}
	expect(missing).toEqual([])
})
