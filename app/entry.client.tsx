import i18next, { type InitOptions } from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { connectNamespaces } from '#locales/registry.ts'
import { provideSpellingInstance } from '#app/utils/spelling-instances.ts'
import { spellStrings } from '#modules/core/spelling.ts'

// German is the one product language. The browser gets only the namespaces of the code it loaded:
// each module that translates imports its namespaces (locales/registry.ts), the route modules of
// this page have registered theirs already, later ones are added as their code arrives.
// Each instance gets its own (empty) resources object: i18next keeps the one it is given as its store.
function options(): InitOptions {
	return {
		lng: 'de',
		fallbackLng: 'de',
		resources: { de: {} },
		ns: [],
		defaultNS: 'common',
		interpolation: { escapeValue: false },
		initAsync: false,
		// A key without its namespace here means a module forgot to import it (the page shows the key):
		// say so in the console, where the browser tests look (tests/e2e/accessibility.spec.ts).
		parseMissingKeyHandler(key, defaultValue) {
			if (defaultValue === undefined) console.error(`i18n: missing key "${key}" (is its namespace imported from locales/ns?)`)
			return defaultValue ?? key
		},
	}
}
void i18next.use(initReactI18next).init(options())
// The Swiss spelling's texts in an instance of their own (ADR 0013), each namespace transformed once.
const swiss = i18next.createInstance(options())
void swiss.init()
provideSpellingInstance('de', i18next)
provideSpellingInstance('ch', swiss)
connectNamespaces((namespace, strings) => {
	i18next.addResourceBundle('de', namespace, strings)
	swiss.addResourceBundle('de', namespace, spellStrings(strings, 'ch'))
})

startTransition(() => {
	hydrateRoot(
		document,
		<I18nextProvider i18n={i18next}>
			<StrictMode>
				<HydratedRouter />
			</StrictMode>
		</I18nextProvider>,
	)
})
