import type { Route } from './+types/auth.google.callback'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { redirectWithSession, requestMeta, safeRedirectTarget } from '#app/server/session.server.ts'
import { redirectWithToast, toastHeaders } from '#app/server/toast.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { googleSignIn, accounts } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'auth')
	if (!googleSignIn) return redirectWithToast(context, '/auth', { type: 'error', title: t('googleNotConfigured') })
	// The state cookies are expired in every answer, so a replayed callback URL fails on state.
	const clear = googleSignIn.clearStateCookies(request).map((c): [string, string] => ['Set-Cookie', c])
	clear.push(['Set-Cookie', 'post-auth-redirect=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax'])
	const fail = (key: 'errors.googleFailed' | 'errors.googleUnverified') =>
		redirectWithToast(context, '/auth', { type: 'error', title: t(key) }, { headers: clear })
	let identity
	try {
		identity = await googleSignIn.authenticate(request)
	} catch (error) {
		if (error instanceof Response) return error
		return fail('errors.googleFailed')
	}
	const result = await accounts.signInWithGoogle(identity, requestMeta(context))
	if (!result.ok) return fail(result.error === 'google_email_unverified' ? 'errors.googleUnverified' : 'errors.googleFailed')
	const target = safeRedirectTarget(decodeURIComponent(readCookie(request, 'post-auth-redirect') ?? '/'))
	const toast = await toastHeaders(context, { type: 'success', title: t('signInSuccess') })
	return redirectWithSession(request, context, result.token, target, [...clear, ['Set-Cookie', toast['Set-Cookie']]])
}

function readCookie(request: Request, name: string) {
	for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
		const [key, ...rest] = part.trim().split('=')
		if (key === name) return rest.join('=')
	}
	return null
}
