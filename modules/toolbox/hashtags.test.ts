import { expect, test } from 'vitest'
import { formatHashtag, hashtagKey, suggestHashtags, textTerms } from './hashtags.ts'

const text = 'Künstliche Intelligenz verändert das Marketing. Mit Automatisierung und Marketing-Automation sparen Teams Zeit. #Marketing'

test('formats CamelCase hashtags, keeps umlauts and upper-cases short acronyms', () => {
	expect(formatHashtag('künstliche intelligenz')).toBe('#KünstlicheIntelligenz')
	expect(formatHashtag('social-media-marketing')).toBe('#SocialMediaMarketing')
	expect(formatHashtag('ki')).toBe('#KI')
	expect(formatHashtag('2026')).toBeNull()
	expect(hashtagKey('#Künstliche')).toBe(hashtagKey('Kuenstliche'))
})

test('text terms drop German stop words and prefer nouns and compounds', () => {
	const terms = textTerms('Das ist eine Geschichte über Automatisierung und über die Zukunft, und wir machen das.')
	const words = terms.map((t) => t.term.toLowerCase())
	expect(words).toContain('automatisierung')
	expect(words).toContain('geschichte')
	for (const stop of ['das', 'ist', 'eine', 'über', 'und', 'wir', 'machen']) expect(words).not.toContain(stop)
})

test('respects the maximum and never repeats a hashtag the text already has', () => {
	const tags = suggestHashtags({ text, maxHashtags: 3, trendingWeight: 0.7, nicheSpecific: true, niche: 'Digitales Marketing', keywords: ['ki', 'automation'], trending: [{ term: 'chatgpt', weight: 1 }] })
	expect(tags).toHaveLength(3)
	expect(tags.map(hashtagKey)).not.toContain('marketing')
	const all = suggestHashtags({ text, maxHashtags: 30, trendingWeight: 0.7, nicheSpecific: true, niche: 'Digitales Marketing', keywords: ['ki', 'automation', 'Automation'], trending: [{ term: 'KI', weight: 0.5 }] })
	expect(new Set(all.map(hashtagKey)).size).toBe(all.length)
	expect(all.length).toBeLessThanOrEqual(30)
	expect(all.every((t) => /^#[\p{L}\p{N}]+$/u.test(t))).toBe(true)
	// 'Künstliche' opens a sentence and is an adjective: the noun is the tag.
	expect(all).toContain('#Intelligenz')
	expect(all).toContain('#DigitalesMarketing')
})

test('trending terms are weighted by trendingWeight', () => {
	const base = { text: 'Ein Beitrag über Buchhaltung für Treuhänder.', maxHashtags: 3, nicheSpecific: false }
	const trending = [{ term: 'steuerreform', weight: 1 }, { term: 'zinsen', weight: 0.2 }]
	expect(suggestHashtags({ ...base, trendingWeight: 1, trending })[0]).toBe('#Steuerreform')
	expect(suggestHashtags({ ...base, trendingWeight: 0, trending })).not.toContain('#Steuerreform')
	// A term that is in the text and trending rises above the text's other terms.
	const boosted = suggestHashtags({ ...base, text: 'Buchhaltung und Zinsen und Treuhänder', trendingWeight: 0.5, trending })
	expect(boosted[0]).toBe('#Zinsen')
})

test('niche and keywords count only when nicheSpecific', () => {
	const input = { text: 'Kurzer Text.', maxHashtags: 10, trendingWeight: 0, niche: 'Yoga', keywords: ['achtsamkeit'] }
	expect(suggestHashtags({ ...input, nicheSpecific: true })).toEqual(expect.arrayContaining(['#Yoga', '#Achtsamkeit']))
	expect(suggestHashtags({ ...input, nicheSpecific: false })).not.toContain('#Yoga')
})

// Issue 37, 4.8: the suggestions were filler words of the text (#Wichtigsten, #Punkte, #Blick).
const bakery = `Die wichtigsten Punkte auf einen Blick: Unser neues Roggenbrot aus regionalem Getreide ist ab Montag in allen Filialen erhältlich. Der Sauerteig ruht 48 Stunden, das Roggenbrot bleibt so lange frisch. Wer am Montag vorbeikommt, probiert das Brot gratis. Ihre Bäckerei Sonne in Bern.`
const energy = `Hausbesitzer fragen uns oft, wo sie anfangen sollen. Eine unabhängige Energieberatung zeigt, welche Sanierung sich lohnt. Wärmepumpen und Solarstrom senken die Kosten, und kantonale Fördergelder decken einen Teil der Investition. Eine gute Beratung vergleicht die Kosten über zehn Jahre. Das Wichtigste in Kürze: erst beraten lassen, dann sanieren.`

test('suggestions come from the salient nouns of realistic texts, not from filler words', () => {
	const fillers = ['#Wichtigsten', '#Punkte', '#Blick', '#Wichtigste', '#Kürze', '#Stunden', '#Jahren', '#Teil', '#Unser', '#Neues', '#Erhältlich', '#Probiert', '#Regionalem']
	const bakeryTags = suggestHashtags({ text: bakery, maxHashtags: 5, trendingWeight: 0, nicheSpecific: false })
	expect(bakeryTags[0]).toBe('#Roggenbrot')
	expect(bakeryTags).toEqual(expect.arrayContaining(['#Roggenbrot', '#Sauerteig', '#Getreide']))
	const energyTags = suggestHashtags({ text: energy, maxHashtags: 8, trendingWeight: 0, nicheSpecific: false })
	expect(energyTags).toEqual(expect.arrayContaining(['#Energieberatung', '#Wärmepumpen', '#Solarstrom', '#Fördergelder']))
	for (const tag of [...bakeryTags, ...energyTags]) expect(fillers).not.toContain(tag)
})

test('nouns that end like superlatives stay (Kosten, Liste, Meister); nominalised adjectives go', () => {
	const terms = textTerms('Die Kosten stehen auf der Liste vom Meister. Das Wichtigste und die Besten: die Künstliche hilft dem Neuen.').map((t) => t.term)
	expect(terms).toEqual(expect.arrayContaining(['Kosten', 'Liste', 'Meister']))
	for (const filler of ['Wichtigste', 'Besten', 'Neuen', 'Künstliche']) expect(terms).not.toContain(filler)
})

test('a word counts its compounds: Beratung gains from Energieberatung', () => {
	const terms = textTerms('Die Beratung ist kostenlos. Eine Energieberatung dauert zwei Stunden, die Steuerberatung einen Tag.')
	const beratung = terms.find((t) => t.term === 'Beratung')!.weight
	expect(beratung).toBe(1)
})
