import { redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { requestInfoContext, servicesContext, userContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { sessionCookie } from './cookies.server.ts'

export async function readSessionToken(request: Request, context: Readonly<RouterContextProvider>) {
	const value: unknown = await sessionCookie(context).parse(request.headers.get('Cookie'))
	return typeof value === 'string' && value.length > 0 && value.length < 200 ? value : null
}

/**
 * Root middleware: resolves the signed-in user once per request. When the database cannot be reached
 * (restarting, failing over) the request ends here with 503 and a German "try again in a moment":
 * pages show it on the error page, API routes answer it as text; nothing waits for the database.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
	const token = await readSessionToken(request, context)
	const user = token ? await context.get(servicesContext).accounts.resolveSession(token) : null
	if (user === 'unavailable') throw serviceUnavailable(context)
	context.set(userContext, user)
}

/** 503 with the German text of common:unavailable and a Retry-After. */
export function serviceUnavailable(context: Readonly<RouterContextProvider>) {
	const t = getInstance(context).getFixedT('de', 'common')
	return new Response(`${t('unavailable.title')}. ${t('unavailable.text')}`, {
		status: 503,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5', 'Cache-Control': 'no-store' },
	})
}

export async function commitSession(context: Readonly<RouterContextProvider>, token: string) {
	return sessionCookie(context).serialize(token)
}

export async function destroySessionCookie(context: Readonly<RouterContextProvider>) {
	return sessionCookie(context).serialize('', { maxAge: 0 })
}

/**
 * Signs in (ASVS 7.2.4): the new session token replaces whatever cookie came in, and the session
 * that cookie named, if any, is ended, so no session id from before the sign-in lives on after it.
 */
export async function redirectWithSession(
	request: Request,
	context: Readonly<RouterContextProvider>,
	token: string,
	to: string,
	extraHeaders: Array<[string, string]> = [],
) {
	const previous = await readSessionToken(request, context)
	if (previous && previous !== token) await context.get(servicesContext).accounts.signOut(previous)
	const headers = new Headers(extraHeaders)
	headers.append('Set-Cookie', await commitSession(context, token))
	return redirect(to, { headers })
}

export function requestMeta(context: Readonly<RouterContextProvider>) {
	const info = context.get(requestInfoContext)
	return { ip: info.ip, userAgent: info.userAgent }
}

const MAX_REDIRECT_LENGTH = 2000
/** Control characters, format characters (zero-width, bidi) and every Unicode space or separator. */
const UNSAFE_IN_TARGET = /[\p{Cc}\p{Cf}\p{Z}\s]/u
const PLACEHOLDER_ORIGIN = 'http://x.invalid'

/**
 * A redirect target from user input (a form field, a query parameter, a cookie) as a same-origin
 * path, or `fallback`. Whitespace and control characters are refused before parsing (URL parsers drop
 * a tab or newline, so '/\t/host' would become '//host'); the rest is parsed against a placeholder
 * origin, which must stay the origin, and the parsed path, query and fragment are returned (always
 * ASCII, so the Location header never throws). A path that starts with '//' after parsing
 * ('/.//host'), or once percent-decoded ('/%2F/host'), or holds a control character, a space or a
 * backslash when decoded ('/%09/host', '/%5Chost'), is refused too: whatever decodes it later must not
 * find another origin in it.
 */
export function safeRedirectTarget(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
	if (typeof to !== 'string' || to.length > MAX_REDIRECT_LENGTH || !to.startsWith('/') || UNSAFE_IN_TARGET.test(to)) return fallback
	let url: URL
	try {
		url = new URL(to, PLACEHOLDER_ORIGIN)
	} catch {
		return fallback
	}
	if (url.origin !== PLACEHOLDER_ORIGIN || url.pathname.startsWith('//')) return fallback
	const decoded = safeDecode(url.pathname)
	if (decoded === null || UNSAFE_IN_TARGET.test(decoded) || decoded.includes('\\') || decoded.startsWith('//')) return fallback
	const target = withoutDataRequestParts(url)
	return target.length > MAX_REDIRECT_LENGTH ? fallback : target
}

/** React Router's data requests: '/posts.data', '/_root.data' (the index) and their `_routes`/`_data` params. */
const DATA_SUFFIX = /\.data$/
const ROOT_DATA_PATH = '/_root.data'
const DATA_PARAMS = ['_data', '_routes']

/**
 * The page a data request belongs to: a signed-out fetch of '/posts.data?_routes=…' must send the
 * user back to '/posts', never to the data URL itself (which answers 404 as a page).
 */
function withoutDataRequestParts(url: URL) {
	const pathname = url.pathname === ROOT_DATA_PATH ? '/' : url.pathname.replace(DATA_SUFFIX, '') || '/'
	// Only touched when present: re-serialising would re-encode every other parameter.
	for (const name of DATA_PARAMS) if (url.searchParams.has(name)) url.searchParams.delete(name)
	return `${pathname}${url.search}${url.hash}`
}

function safeDecode(value: string) {
	try {
		return decodeURIComponent(value)
	} catch {
		return null
	}
}

export function authRedirect(request: Request) {
	const url = new URL(request.url)
	const target = safeRedirectTarget(`${url.pathname}${url.search}`)
	return redirect(`/auth?redirectTo=${encodeURIComponent(target)}`)
}
