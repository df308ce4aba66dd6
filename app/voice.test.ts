// The product speaks to its users in one voice: "Sie" (docs/decisions/0013-form-of-address.md).
// This reads every German text (all locale namespaces, the mails among them, and the texts written
// in code that users read) and fails on a "du" form, so a new text in the other voice is caught here.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const localeDir = path.join(root, 'locales/de')

/** The texts that talk about the du form itself (the agent's formality setting), not to the user. */
const ABOUT_THE_DU_FORM = new Set(['agents:voice.sliderHints.formality', 'agents:learned.locker', 'agents:learned.formalityCounts'])

/** Source files whose German strings users read as they are (content ideas, sandbox consent pages). */
const SOURCE_TEXTS = [
	'modules/news/idea-templates.ts',
	'adapters/platforms/sandbox/consent-page.ts',
	'adapters/platforms/mastodon/sandbox-consent.ts',
	'adapters/platforms/meta/sandbox-consent.ts',
	'adapters/platforms/threads/consent-page.ts',
	'adapters/platforms/linkedin/sandbox-oauth.ts',
]

const DU_PRONOUN = /(?<![\p{L}{])(du|dein|deine|deinem|deinen|deiner|deines|dich|dir|euch|euer|eure|eurem|euren|eurer)(?![\p{L}}])/iu
// "Bitte wähle …", "Bitte gib …": a du imperative after "Bitte" (the Sie form is "Bitte wählen Sie …").
const DU_IMPERATIVE_AFTER_BITTE = /\bBitte (?!eine\b|keine\b|diese\b|alle\b|nur\b|nicht\b|die\b|sie\b|true\b)(\p{Ll}+e|gib|nimm|lies|sieh|hilf|wirf)\s(?!Sie\b)/u

// "Schreib einen Text oder füge ein Bild hinzu.": a du imperative opening a sentence or after "oder"/"und"
// (the Sie form puts "Sie" after the verb). The verbs the app's texts ask for.
const DU_IMPERATIVE_VERB = /(?:^|[.!?:]\s+|\b(?:oder|und)\s+)(schreibe?|füge?|wähle?|gib|klicke?|lade?|prüfe?|versuche?|öffne|verbinde|trage?|nutze|erstelle|melde|gehe?|speichere?|teile?)\s(?!Sie\b)/iu

/** Whether a text addresses the reader with "du"; `null` when it does not, else the word found. */
function duForm(text: string) {
	const withoutPlaceholders = text.replace(/\{\{[^}]*\}\}|\$\{[^}]*\}/g, ' ')
	return DU_PRONOUN.exec(withoutPlaceholders)?.[0] ?? DU_IMPERATIVE_AFTER_BITTE.exec(withoutPlaceholders)?.[0] ?? DU_IMPERATIVE_VERB.exec(withoutPlaceholders)?.[1] ?? null
}

function flatten(value: unknown, prefix: string, out: Array<[string, string]>) {
	if (typeof value === 'string') out.push([prefix, value])
	else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) flatten(child, prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`, out)
	return out
}

describe('one form of address', () => {
	test('the check knows the du forms and lets the Sie forms pass', () => {
		for (const du of ['Erstelle dein Konto', 'Bitte gib eine Zahl ein.', 'Du kannst dich anmelden.', 'Wir senden dir einen Link.', 'Bitte wähle ein Datum.', 'Für euch'])
			expect(duForm(du), du).not.toBeNull()
		for (const sie of ['Erstellen Sie Ihr Konto', 'Bitte geben Sie eine Zahl ein.', 'Bitte wählen Sie ein Datum.', 'Bitte eine gültige URL angeben.', 'Dauer', 'Direkt'])
			expect(duForm(sie), sie).toBeNull()
	})

	test('no locale text addresses the user with du', () => {
		const found: Array<string> = []
		for (const file of fs.readdirSync(localeDir).filter((name) => name.endsWith('.json'))) {
			const ns = file.slice(0, -'.json'.length)
			const texts = flatten(JSON.parse(fs.readFileSync(path.join(localeDir, file), 'utf8')), `${ns}:`, [])
			for (const [key, text] of texts) {
				const word = ABOUT_THE_DU_FORM.has(key) ? null : duForm(text)
				if (word) found.push(`${key}: «${word}» in ${text}`)
			}
		}
		expect(found).toEqual([])
	})

	test('no text written in code for users addresses them with du', () => {
		const found: Array<string> = []
		for (const file of SOURCE_TEXTS) {
			const source = fs.readFileSync(path.join(root, file), 'utf8')
			for (const literal of source.matchAll(/'([^'\n]*)'|`([^`]*)`|>([^<>{}\n]+)</g)) {
				const text = literal[1] ?? literal[2] ?? literal[3] ?? ''
				const word = duForm(text)
				if (word) found.push(`${file}: «${word}» in ${text}`)
			}
		}
		expect(found).toEqual([])
	})
})
