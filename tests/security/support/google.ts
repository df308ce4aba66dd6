// Google sign-in end to end through the routes, against the local OIDC fake (tests/fakes/google-oidc.ts):
// POST /auth/google (state and PKCE cookie, redirect to the fake), the fake's consent (a code for
// the chosen identity), GET /auth/google/callback with the code and the browser's cookies.
import { startFakeGoogle, encodeIdentityCookie, identityCookieName, type FakeGoogle, type GoogleIdentity } from '#tests/fakes/google-oidc.ts'
import type { CallResult, Harness } from './harness.ts'

export const googleClient = { id: 'security-suite.apps.googleusercontent.com', secret: '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' }

export function startGoogle(): Promise<FakeGoogle> {
	return startFakeGoogle({ clientId: googleClient.id, clientSecret: googleClient.secret })
}

/** The cookies of a Set-Cookie list as a Cookie header (name=value pairs, expired ones left out). */
function cookiePairs(setCookies: Array<string>) {
	return setCookies.filter((c) => !/Max-Age=0/i.test(c)).map((c) => c.split(';')[0]!)
}

export type GoogleFlow = { start: CallResult; callback: CallResult; code: string; state: string; stateCookies: Array<string> }

export type GoogleFlowOptions = {
	cookie?: string
	/** The form's redirectTo (default '/posts'). */
	redirectTo?: string
	/** Replaces the post-auth-redirect cookie's value on the callback (a tampered cookie). */
	postAuthRedirect?: string
}

export async function signInWithGoogle(h: Harness, identity: GoogleIdentity, options: GoogleFlowOptions = {}): Promise<GoogleFlow> {
	const start = await h.call('/auth/google', { method: 'POST', form: { redirectTo: options.redirectTo ?? '/posts' }, cookie: options.cookie })
	if (start.status !== 302 || !start.location) throw new Error(`POST /auth/google answered ${start.status}`)
	let stateCookies = cookiePairs(start.headers.getSetCookie())
	if (options.postAuthRedirect !== undefined) {
		stateCookies = [...stateCookies.filter((c) => !c.startsWith('post-auth-redirect=')), `post-auth-redirect=${options.postAuthRedirect}`]
	}
	const consent = await fetch(start.location, { redirect: 'manual', headers: { cookie: `${identityCookieName}=${encodeIdentityCookie(identity)}` } })
	const back = new URL(consent.headers.get('location') ?? '')
	const cookie = [...stateCookies, ...(options.cookie ? [options.cookie] : [])].join('; ')
	const callback = await h.call('/auth/google/callback', { search: back.search.slice(1), cookie })
	return { start, callback, code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '', stateCookies }
}
