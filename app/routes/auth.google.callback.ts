import type { Route } from './+types/auth.google.callback'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { postAuthRedirectCookie } from '#app/server/post-auth-redirect.server.ts'
import { redirectWithSession, requestMeta } from '#app/server/session.server.ts'
import { redirectWithToast, toastHeaders } from '#app/server/toast.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { googleSignIn, accounts } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'auth')
	if (!googleSignIn) return redirectWithToast(context, '/auth', { type: 'error', title: t('googleNotConfigured') })
	// The state cookies are expired in every answer, so a replayed callback URL fails on state.
	const clear = googleSignIn.clearStateCookies(request).map((c): [string, string] => ['Set-Cookie', c])
	clear.push(['Set-Cookie', postAuthRedirectCookie.expire(context.get(requestInfoContext).isProduction)])
	const meta = requestMeta(context)
	const fail = (failure: unknown, key: 'errors.googleFailed' | 'errors.googleUnverified' = 'errors.googleFailed') => {
		googleSignIn.logFailure(failure, meta)
		return redirectWithToast(context, '/auth', { type: 'error', title: t(key) }, { headers: clear })
	}
	let identity
	try {
		identity = await googleSignIn.authenticate(request)
	} catch (error) {
		if (error instanceof Response) return error
		return fail(error)
	}
	const result = await accounts.signInWithGoogle(identity, meta)
	if (!result.ok) return fail(result.error, result.error === 'google_email_unverified' ? 'errors.googleUnverified' : 'errors.googleFailed')
	const target = postAuthRedirectCookie.read(request)
	const toast = await toastHeaders(context, { type: 'success', title: t('signInSuccess') })
	return redirectWithSession(request, context, result.token, target, [...clear, ['Set-Cookie', toast['Set-Cookie']]])
}
