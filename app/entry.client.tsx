import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { namespaces, resources } from '#locales/index.ts'

// German is the one product language; its strings ship with the bundle.
void i18next.use(initReactI18next).init({
	lng: 'de',
	fallbackLng: 'de',
	resources,
	ns: namespaces,
	defaultNS: 'common',
	interpolation: { escapeValue: false },
	initAsync: false,
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
