import { createInstance, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { userContext } from '#app/context.ts'
import { provideSpellingInstance } from '#app/utils/spelling-instances.ts'
import { namespaces, resources } from '#locales/index.ts'
import { spellingFromAcceptLanguage, spellStrings, type Spelling } from '#modules/core/spelling.ts'

// German is the only language, so the server keeps one i18next instance for every request instead of
// building one per request (what remix-i18next's middleware does): no init per request, and the texts
// looked up without options are remembered across requests (app/utils/use-translation.ts), which
// took a tenth of a page's render before. The middleware puts it into the router context, so loaders,
// actions and the render read it the same way as before.
export const LOCALE = 'de'

// Swiss readers get a second instance whose texts were transformed once at start-up (ß → ss,
// ADR 0013); each instance keeps its own caches (app/utils/use-translation.ts).
function createTranslator(spelling: Spelling) {
	const texts = Object.fromEntries(Object.entries(resources.de).map(([ns, strings]) => [ns, spellStrings(strings, spelling)])) as typeof resources.de
	const i18n = createInstance({ resources: { de: texts }, ns: namespaces, defaultNS: 'common', lng: LOCALE, fallbackLng: LOCALE, interpolation: { escapeValue: false } })
	// react-i18next's default instance (the provider names the request's own).
	if (spelling === 'de') i18n.use(initReactI18next)
	provideSpellingInstance(spelling, i18n)
	return i18n
}
const instances: Record<Spelling, I18n> = { de: createTranslator('de'), ch: createTranslator('ch') }
const ready = Promise.all(Object.values(instances).map((i18n) => i18n.init()))

const i18nextContext = createContext<I18n>(instances.de)
const spellingContext = createContext<Spelling>('de')

function applySpelling(context: Readonly<RouterContextProvider>, spelling: Spelling) {
	context.set(spellingContext, spelling)
	context.set(i18nextContext, instances[spelling])
}

/** First: the browser's spelling (also for the 503 page before the session is read). */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	await ready
	applySpelling(context, spellingFromAcceptLanguage(request.headers.get('Accept-Language')))
	return next()
}

/** A token user's own choice (REST API, MCP): like spellingMiddleware for a request without a session. */
export function applyUserSpelling(context: Readonly<RouterContextProvider>, spelling: Spelling | null) {
	if (spelling) applySpelling(context, spelling)
}

/** After the session: a signed-in user's own choice (Settings › Schreibweise) wins over the browser's. */
export const spellingMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
	const chosen = context.get(userContext)?.spelling
	if (chosen) applySpelling(context, chosen)
	return next()
}

/** The request's spelling: the user's choice, else the browser's Accept-Language. */
export function getSpelling(context: Readonly<RouterContextProvider>) {
	return context.get(spellingContext)
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
