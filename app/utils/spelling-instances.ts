import type { i18n as I18n } from 'i18next'
import type { Spelling } from '#modules/core/spelling.ts'

// One i18next instance per spelling (ADR 0013), on the server (app/middleware/i18next.ts) and in the
// browser (entry.client.tsx): each keeps its own transformed texts and useTranslation's caches, so
// switching the spelling switches instances and nothing is transformed per lookup.
const instances = new Map<Spelling, I18n>()

export function provideSpellingInstance(spelling: Spelling, i18n: I18n) {
	instances.set(spelling, i18n)
}

export function spellingInstance(spelling: Spelling) {
	return instances.get(spelling)
}
