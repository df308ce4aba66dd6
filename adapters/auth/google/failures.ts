import { errors as joseErrors } from 'jose'
import { OAuth2RequestError, UnexpectedErrorResponseBodyError, UnexpectedResponseError } from 'remix-auth-oauth2'

/** Why a Google callback failed, as the log line names it. */
export type GoogleFailureReason =
	| 'state_missing'
	| 'state_mismatch'
	| 'code_missing'
	| 'provider_error'
	| 'token_error'
	| 'token_unreachable'
	| 'id_token_invalid'
	| 'azp_mismatch'
	| 'claims_missing'
	| 'userinfo_failed'
	| 'userinfo_subject_mismatch'
	| 'unexpected'

/** A refused sign-in of this adapter; `detail` holds only values safe to log (status codes, claim names). */
export class GoogleSignInFailure extends Error {
	readonly reason: GoogleFailureReason
	readonly detail: Record<string, string | number>
	constructor(reason: GoogleFailureReason, detail: Record<string, string | number> = {}) {
		super(`Google sign-in failed: ${reason}`)
		this.name = 'GoogleSignInFailure'
		this.reason = reason
		this.detail = detail
	}
}

/** An OAuth error code (RFC 6749 4.1.2.1, 5.2) from a fixed alphabet, or 'other'. */
const oauthCode = (code: string) => (/^[a-z_]{1,40}$/.test(code) ? code : 'other')

/**
 * The log fields of a failed callback: the reason and safe details, never a code, token, state or
 * provider-written text (an error_description may echo what it was sent).
 */
export function failureFields(failure: unknown): Record<string, string | number> {
	if (typeof failure === 'string') return { reason: 'account_refused', refusal: oauthCode(failure) }
	if (failure instanceof GoogleSignInFailure) return { reason: failure.reason, ...failure.detail }
	// remix-auth-oauth2 throws these before the token exchange (index.js of 3.4.1).
	if (failure instanceof ReferenceError) {
		return { reason: /code in the URL/.test(failure.message) ? 'code_missing' : 'state_missing' }
	}
	if (failure instanceof RangeError) return { reason: 'state_mismatch' }
	// Token endpoint errors are wrapped by tokenFailure, so this one is the callback's error parameter.
	if (failure instanceof OAuth2RequestError) return { reason: 'provider_error', oauthError: oauthCode(failure.code) }
	if (failure instanceof joseErrors.JOSEError) {
		const fields: Record<string, string> = { reason: 'id_token_invalid', joseCode: failure.code }
		if (failure instanceof joseErrors.JWTClaimValidationFailed) fields.claim = failure.claim
		return fields
	}
	return { reason: 'unexpected', errorName: failure instanceof Error ? failure.name : typeof failure }
}

/** A failed token exchange (arctic's errors) as a GoogleSignInFailure. */
export function tokenFailure(error: unknown) {
	if (error instanceof OAuth2RequestError) return new GoogleSignInFailure('token_error', { oauthError: oauthCode(error.code) })
	if (error instanceof UnexpectedResponseError || error instanceof UnexpectedErrorResponseBodyError) {
		return new GoogleSignInFailure('token_error', { status: error.status })
	}
	return new GoogleSignInFailure('token_unreachable')
}
