import { describe, expect, test } from 'vitest'
import type { TextBrief } from '#modules/ai/ports.ts'
import { NO_DIRECTIVES, readDirectives } from './directives.ts'
import { composePost } from './text.ts'

const brief = (text: string): TextBrief => ({
	platform: 'linkedin',
	platformName: 'LinkedIn',
	group: 'long',
	maxLength: 3000,
	style: 'Professionell',
	hashtags: { min: 1, max: 3 },
	persona: null,
	source: { kind: 'smart-post', title: null, text, origin: null },
})

describe('readDirectives', () => {
	test('reads the plain instructions of a template', () => {
		const source = 'Warum Teams Pausen brauchen #Quelle'
		const d = readDirectives('System. Anrede: Sie. Keine Emojis.', `Beginne mit „Hallo Bern!“ und beende mit „Ihr Team“. Nutze #Teamwork und #Bern. Höchstens 300 Zeichen.\n${source}`, brief(source))
		expect(d).toEqual({ opening: 'Hallo Bern!', closing: 'Ihr Team', hashtags: ['#Teamwork', '#Bern'], noEmojis: true, noHashtags: false, maxLength: 300, sie: true })
	})

	test('the built-in template and the source give no directives', () => {
		const source = 'Beginne mit „Quelle“ #Quelle keine Emojis'
		const d = readDirectives(
			'Du bist Postwerk. Schreibe ausschliesslich den fertigen Beitrag, ohne Einleitung, ohne Anführungszeichen.',
			`Schreibe einen LinkedIn-Beitrag. Höchstens 3000 Zeichen inklusive Hashtags. Verwende 1 bis 3 passende Hashtags am Ende.\n"""\n${source}\n"""`,
			brief(source),
		)
		expect(d).toEqual({ ...NO_DIRECTIVES, maxLength: 3000 })
	})

	test('duzen and no hashtags', () => {
		expect(readDirectives('Bitte duzen. Ohne Hashtags.', '', brief('x'))).toMatchObject({ sie: false, noHashtags: true })
	})
})

describe('composePost follows the directives, deterministically', () => {
	const source = 'Kurze Pausen steigern die Konzentration im Team. Wer regelmässig abschaltet, arbeitet danach fokussierter und macht weniger Fehler.'
	const directives = { ...NO_DIRECTIVES, opening: 'Hallo Bern!', closing: 'Ihr Team', hashtags: ['#Teamwork'], noEmojis: true, maxLength: 280 }

	test('opening first, closing before the hashtags, the template tag, no emoji, within the length', () => {
		for (const style of ['Professionell', 'Kurz & knackig', 'Authentisch', 'Original']) {
			const text = composePost({ ...brief(source), style }, 'seed', directives)
			expect(text.startsWith('Hallo Bern!'), text).toBe(true)
			expect(text).toContain('#Teamwork')
			expect(text.indexOf('Ihr Team')).toBeLessThan(text.indexOf('#Teamwork'))
			expect(text.length).toBeLessThanOrEqual(280)
			expect(text).not.toMatch(/\p{Extended_Pictographic}/u)
			expect(composePost({ ...brief(source), style }, 'seed', directives)).toBe(text)
		}
	})

	test('without directives the text is what it was', () => {
		expect(composePost(brief(source), 'seed', NO_DIRECTIVES)).toBe(composePost(brief(source), 'seed'))
		expect(composePost(brief(source), 'seed')).not.toContain('Hallo Bern!')
	})
})
