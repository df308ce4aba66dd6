import { redirect } from 'react-router'
import type { Route } from './+types/auth.logout'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { destroySessionCookie, readSessionToken } from '#app/server/session.server.ts'
import { toastHeaders } from '#app/server/toast.server.ts'

// Sign-out is POST only; the session row is deleted, so the old cookie is worthless.
export async function action({ request, context }: Route.ActionArgs) {
	const token = await readSessionToken(request, context)
	if (token) await context.get(servicesContext).accounts.signOut(token)
	const headers = new Headers()
	headers.append('Set-Cookie', await destroySessionCookie(context))
	headers.append('Set-Cookie', (await toastHeaders(context, { type: 'info', title: getInstance(context).t('auth:signedOut') }))['Set-Cookie'])
	headers.append('Clear-Site-Data', '"cache", "storage"')
	return redirect('/', { headers })
}

export function loader() {
	throw redirect('/')
}
