import { redirect } from 'react-router'
import type { Route } from './+types/auth.google'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { readFormDataWithin } from '#app/server/body-limit.server.ts'
import { postAuthRedirectCookie } from '#app/server/post-auth-redirect.server.ts'
import { requestMeta, safeRedirectTarget } from '#app/server/session.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'

// POST /auth/google starts the flow: remix-auth-oauth2 sets the state/PKCE cookie and redirects to Google.
export async function action({ request, context }: Route.ActionArgs) {
	const google = context.get(servicesContext).googleSignIn
	const t = getInstance(context).getFixedT('de', 'auth')
	if (!google) return redirectWithToast(context, '/auth', { type: 'error', title: t('googleNotConfigured') })
	const read = await readFormDataWithin(request, 16 * 1024)
	const form = read instanceof FormData ? read : new FormData()
	const redirectTo = safeRedirectTarget(form.get('redirectTo'), '/')
	try {
		await google.authenticate(request)
	} catch (error) {
		if (error instanceof Response) {
			error.headers.append('Set-Cookie', postAuthRedirectCookie.serialize(redirectTo, context.get(requestInfoContext).isProduction))
			return error
		}
		google.logFailure(error, requestMeta(context))
		return redirectWithToast(context, '/auth', { type: 'error', title: t('errors.googleFailed') })
	}
	return redirect('/auth')
}

export function loader() {
	throw redirect('/auth')
}
