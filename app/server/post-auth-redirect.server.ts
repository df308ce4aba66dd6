import { safeRedirectTarget } from './session.server.ts'

const NAME = 'post-auth-redirect'
const attributes = (isProduction: boolean) => `Path=/auth; HttpOnly; SameSite=Lax${isProduction ? '; Secure' : ''}`

/**
 * Where Google sign-in returns to: set by POST /auth/google, read and expired by the callback. The
 * value is checked again when read (a cookie is user input too: another tab, a tampered value).
 */
export const postAuthRedirectCookie = {
	serialize: (target: string, isProduction: boolean) => `${NAME}=${encodeURIComponent(target)}; Max-Age=600; ${attributes(isProduction)}`,
	expire: (isProduction: boolean) => `${NAME}=; Max-Age=0; ${attributes(isProduction)}`,
	/** The same-origin target of the request's cookie, or '/' (also for a malformed or missing one). */
	read(request: Request) {
		for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
			const [key, ...rest] = part.trim().split('=')
			if (key !== NAME) continue
			try {
				return safeRedirectTarget(decodeURIComponent(rest.join('=')))
			} catch {
				return '/'
			}
		}
		return '/'
	},
}
