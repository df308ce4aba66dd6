export type OutgoingMail = { to: string; subject: string; text: string; html: string }

/** Sends e-mail. SMTP in production; a development mailbox otherwise. */
export type Mailer = {
	send: (mail: OutgoingMail) => Promise<void>
}

export type StoredMail = OutgoingMail & { id: string; createdAt: Date }

/** The development mailbox also lists what it "sent". */
export type DevMailbox = Mailer & { list: (limit?: number) => Promise<Array<StoredMail>> }

/** A Google identity after the OAuth2 + PKCE exchange and ID-token validation. */
export type GoogleIdentity = { subject: string; email: string; emailVerified: boolean; name: string }

/**
 * Google sign-in. `authenticate` either throws a redirect Response (to Google, or back
 * with an error) or returns the validated identity on the callback request.
 */
export type GoogleSignIn = {
	authenticate: (request: Request) => Promise<GoogleIdentity>
	/** Set-Cookie headers that expire the OAuth state cookies of this request (no replay of the callback). */
	clearStateCookies: (request: Request) => Array<string>
	/**
	 * Logs a failed callback: `failure` is what `authenticate` threw, or the refusal code of the
	 * accounts module. The line names the reason only, never a code, token or state value.
	 */
	logFailure: (failure: unknown, meta: { ip: string }) => void
}
