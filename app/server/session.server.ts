import { redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { requestInfoContext, servicesContext, userContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { isDatabaseUnavailable } from '#modules/core/db-errors.ts'
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
	let user = null
	if (token) {
		try {
			user = await context.get(servicesContext).accounts.getSessionUser(token)
		} catch (error) {
			if (isDatabaseUnavailable(error)) throw serviceUnavailable(context)
			throw error
		}
	}
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

export function safeRedirectTarget(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
	if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
	if (to.length > 2000) return fallback
	return to
}

export function authRedirect(request: Request) {
	const url = new URL(request.url)
	const target = `${url.pathname}${url.search}`
	return redirect(`/auth?redirectTo=${encodeURIComponent(target)}`)
}
