// German spelling (ADR 0013): texts are written in standard German; for Swiss German readers
// ('ch') every "ß" becomes "ss". Used by the translation layer (app/middleware/i18next.ts and the
// browser's i18next, one transformed copy of the texts per spelling) and by the mails.

export const SPELLINGS = ['ch', 'de'] as const
export type Spelling = (typeof SPELLINGS)[number]

export function isSpelling(value: unknown): value is Spelling {
	return value === 'ch' || value === 'de'
}

/** A text in the given spelling. */
export function spell(text: string, spelling: Spelling) {
	return spelling === 'ch' ? text.replaceAll('ß', 'ss').replaceAll('ẞ', 'SS') : text
}

type Strings = { [key: string]: string | Strings }
const swissCopies = new WeakMap<object, unknown>()

/** A namespace's texts (nested objects of strings) in the given spelling; the Swiss copy is made once per object. */
export function spellStrings<T>(strings: T, spelling: Spelling): T {
	if (spelling === 'de' || strings === null || typeof strings !== 'object') return strings
	let copy = swissCopies.get(strings)
	if (!copy) {
		copy = transform(strings as unknown as Strings)
		swissCopies.set(strings, copy)
	}
	return copy as T
}

function transform(strings: Strings): Strings {
	const out: Strings = {}
	for (const [key, value] of Object.entries(strings)) out[key] = typeof value === 'string' ? spell(value, 'ch') : transform(value)
	return out
}

/**
 * The spelling a browser asks for: its most preferred German language decides (de-CH, de-LI, gsw →
 * Swiss; any other German → standard); without any German the standard spelling.
 */
export function spellingFromAcceptLanguage(header: string | null | undefined): Spelling {
	const languages = (header ?? '')
		.split(',')
		.map((part) => {
			const [tag = '', ...params] = part.trim().split(';')
			const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
			return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 }
		})
		.filter((l) => l.tag && l.q > 0)
		.sort((a, b) => b.q - a.q)
	const german = languages.find((l) => l.tag === 'de' || l.tag.startsWith('de-') || l.tag === 'gsw' || l.tag.startsWith('gsw-'))
	if (!german) return 'de'
	return german.tag === 'de-ch' || german.tag === 'de-li' || german.tag.startsWith('gsw') ? 'ch' : 'de'
}
