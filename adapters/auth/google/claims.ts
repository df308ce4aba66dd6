import type { JWTPayload } from 'jose'
import type { GoogleIdentity } from '#modules/accounts/index.ts'
import { GoogleSignInFailure } from './failures.ts'

/**
 * OpenID Connect Core 3.1.3.7 steps 4 and 5 (jose has already checked that `aud` contains our
 * client id): with several audiences `azp` must be present, and when present it must be our client id.
 */
export function checkAuthorizedParty(payload: JWTPayload, clientId: string) {
	const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud]
	if (audiences.length > 1 && payload.azp === undefined) throw new GoogleSignInFailure('azp_mismatch', { detail: 'azp missing with several audiences' })
	if (payload.azp !== undefined && payload.azp !== clientId) throw new GoogleSignInFailure('azp_mismatch', { detail: 'azp is another client' })
}

/** The e-mail claims, wherever they came from (ID token or UserInfo response). */
export type EmailClaims = { email?: unknown; email_verified?: unknown; name?: unknown; [claim: string]: unknown }

export const hasEmail = (claims: EmailClaims) => typeof claims.email === 'string' && claims.email.length > 0

/**
 * The UserInfo response (Core 5.3.2): a JSON object whose `sub` must equal the ID token's, or its
 * claims must not be used.
 */
export function checkUserinfo(body: unknown, subject: string): EmailClaims {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new GoogleSignInFailure('userinfo_failed', { detail: 'not a JSON object' })
	const claims = body as EmailClaims & { sub?: unknown }
	if (claims.sub !== subject) throw new GoogleSignInFailure('userinfo_subject_mismatch')
	return claims
}

/** The identity the accounts module gets: `sub` from the ID token, the e-mail claims from `claims`. */
export function identityOf(subject: string, claims: EmailClaims): GoogleIdentity {
	if (!hasEmail(claims)) throw new GoogleSignInFailure('claims_missing', { claim: 'email' })
	return {
		subject,
		email: claims.email as string,
		emailVerified: claims.email_verified === true,
		name: typeof claims.name === 'string' ? claims.name : '',
	}
}

/** RFC 6749 2.3.1 (Appendix B): client id and secret are form-encoded before they go into the Basic header. */
export function formEncode(value: string) {
	return new URLSearchParams([['', value]]).toString().slice(1)
}
