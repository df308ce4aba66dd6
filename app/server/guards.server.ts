import { redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { userContext } from '#app/context.ts'
import { authRedirect } from './session.server.ts'

/** The signed-in user; a signed-out visitor is sent to /auth?redirectTo=<here>. */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request) {
	const user = context.get(userContext)
	if (!user) throw authRedirect(request)
	return user
}

/** Admin rights are read from user_roles on every request (see getSessionUser); non-admins go to /. */
export function requireAdmin(context: Readonly<RouterContextProvider>, request: Request) {
	const user = requireUser(context, request)
	if (!user.isAdmin) throw redirect('/')
	return user
}

export function requireAnonymous(context: Readonly<RouterContextProvider>) {
	if (context.get(userContext)) throw redirect('/')
}

export const requireUserMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
	requireUser(context, request)
}

export const requireAdminMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
	requireAdmin(context, request)
}
