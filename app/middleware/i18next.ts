import { createInstance, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { namespaces, resources } from '#locales/index.ts'

// German is the only language, so the server keeps one i18next instance for every request instead of
// building one per request (what remix-i18next's middleware does): no init per request, and the texts
// looked up without options are remembered across requests (app/utils/use-translation.ts), which
// took a tenth of a page's render before. The middleware puts it into the router context, so loaders,
// actions and the render read it the same way as before.
export const LOCALE = 'de'

const instance = createInstance({ resources, ns: namespaces, defaultNS: 'common', lng: LOCALE, fallbackLng: LOCALE, interpolation: { escapeValue: false } })
instance.use(initReactI18next)
const ready = instance.init()

const i18nextContext = createContext<I18n>(instance)

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
	await ready
	context.set(i18nextContext, instance)
	return next()
}

export function getLocale(_context: Readonly<RouterContextProvider>) {
	return LOCALE
}

export function getInstance(context: Readonly<RouterContextProvider>) {
	return context.get(i18nextContext)
}

declare module 'i18next' {
	interface CustomTypeOptions {
		defaultNS: 'common'
		resources: typeof resources.de
	}
}
