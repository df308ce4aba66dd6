import { createCookie, type RouterContextProvider } from 'react-router'
import { requestInfoContext } from '#app/context.ts'

const SESSION_DAYS = 30

// In production the session cookie carries the __Host- prefix (Secure, Path=/, no Domain).
export function createSessionCookie({ isProduction, cookieSecret }: { isProduction: boolean; cookieSecret: string }) {
	return createCookie(isProduction ? '__Host-sid' : 'sid', {
		httpOnly: true,
		sameSite: 'lax',
		secure: isProduction,
		path: '/',
		maxAge: SESSION_DAYS * 24 * 60 * 60,
		secrets: [cookieSecret],
	})
}

export function sessionCookie(context: Readonly<RouterContextProvider>) {
	return createSessionCookie(context.get(requestInfoContext))
}

export function toastCookie(context: Readonly<RouterContextProvider>) {
	const info = context.get(requestInfoContext)
	return createCookie('toast', {
		httpOnly: true,
		sameSite: 'lax',
		secure: info.isProduction,
		path: '/',
		maxAge: 60,
		secrets: [info.cookieSecret],
	})
}

/** The brand the switcher chose ('' = 'Alle Marken'), for a year; the server checks it is the user's on every read. */
export function createBrandCookie({ isProduction, cookieSecret }: { isProduction: boolean; cookieSecret: string }) {
	return createCookie(isProduction ? '__Host-brand' : 'brand', {
		httpOnly: true,
		sameSite: 'lax',
		secure: isProduction,
		path: '/',
		maxAge: 365 * 24 * 60 * 60,
		secrets: [cookieSecret],
	})
}

export function brandCookie(context: Readonly<RouterContextProvider>) {
	return createBrandCookie(context.get(requestInfoContext))
}
