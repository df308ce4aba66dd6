import { initReactI18next } from 'react-i18next'
import { createI18nextMiddleware } from 'remix-i18next'
import { namespaces, resources } from '#locales/index.ts'

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
	detection: { supportedLanguages: ['de'], fallbackLanguage: 'de' },
	i18next: { resources, ns: namespaces, defaultNS: 'common', interpolation: { escapeValue: false } },
	plugins: [initReactI18next],
})

declare module 'i18next' {
	interface CustomTypeOptions {
		defaultNS: 'common'
		resources: typeof resources.de
	}
}
