// The offline writer's shared parts: the context a post is written in (persona, form of address,
// voice), the parts a post is assembled from, phrase helpers and the seeded randomness.

export type Voice = 'sachlich' | 'locker' | 'motivierend' | 'empathisch'

export type Context = {
	sie: boolean
	/** A brand speaks as 'wir', a person as 'ich'. */
	we: boolean
	voice: Voice
	humor: boolean
	/** The topic as it fits after 'das Thema …' (quoted when it is a phrase). */
	topic: string
	audience: string | null
	specialties: string | null
	brand: string | null
	/** 0-3: how many emojis this platform and persona allow. */
	emojis: number
	/** The trained agent's own emojis, most used first. */
	favouriteEmojis: Array<string>
	/** A recurring phrase of the trained agent, closing the post. */
	phrase: string | null
	/** The trained agent likes exclamation marks. */
	exclaims: boolean
	/** The trained agent's typical post length in characters. */
	targetLength: number | null
	/** The trained agent's closing line. */
	signature: string | null
	/** Where the trained agent asks its question. */
	questionPosition: 'opening' | 'closing' | null
	rng: () => number
}

export type Parts = {
	hook: string
	intro: Array<string>
	lead: string | null
	items: Array<string>
	cta: string | null
	tags: Array<string>
	minTags: number
	/** A closing line (the trained agent's recurring phrase). */
	sign?: string | null
	/** The trained agent's signature. */
	signature?: string | null
	/** The template's opening line. */
	opening?: string | null
	/** The template's closing line (a paragraph before the signature). */
	closing?: string | null
	/** The learned question style needs the call to action (a question). */
	keepCta?: boolean
	/** A hook that announces no list, for when the list is cut below two points. */
	plainHook?: string
}

export type Phrase = (c: Context) => string | null

/** The post shapes the writer knows (a platform's style or text group picks one). */
export type Shape = 'professional' | 'snappy' | 'authentic' | 'original'

export { hash, random } from './seeded.ts'

export function pick<T>(rng: () => number, items: ReadonlyArray<T>): T {
	return items[Math.floor(rng() * items.length)]!
}

export function pickPhrase(c: Context, bank: ReadonlyArray<Phrase>): string {
	const options = bank.map((phrase) => phrase(c)).filter((text): text is string => Boolean(text))
	return options.length ? pick(c.rng, options) : ''
}

export function shuffle<T>(rng: () => number, items: ReadonlyArray<T>): Array<T> {
	const copy = [...items]
	for (let i = copy.length - 1; i > 0; i--) {
		const j = Math.floor(rng() * (i + 1))
		;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
	}
	return copy
}

// `s(c, du, sie)` picks the form of address, `w(c, wir, ich)` brand or person.
export const s = (c: Context, du: string, sie: string) => (c.sie ? sie : du)
export const w = (c: Context, wir: string, ich: string) => (c.we ? wir : ich)
export const cap = (text: string) => (text.startsWith('„') ? `„${text.charAt(1).toLocaleUpperCase('de')}${text.slice(2)}` : text.charAt(0).toLocaleUpperCase('de') + text.slice(1))

export const EMOJIS: Record<Voice, Array<string>> = {
	sachlich: ['💡', '📊', '📌', '🔍', '✅'],
	locker: ['😄', '🙌', '☕', '😉', '👀'],
	motivierend: ['🚀', '✨', '💪', '🌱', '🔥'],
	empathisch: ['🤝', '💬', '🌿', '💛', '🤗'],
}

export function emojis(c: Context, count: number) {
	const own = c.favouriteEmojis.slice(0, 3)
	const pool = [...own, ...shuffle(c.rng, EMOJIS[c.voice]).filter((emoji) => !own.includes(emoji))]
	return pool.slice(0, Math.max(0, count))
}

