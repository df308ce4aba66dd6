import type { Spelling } from '#modules/core/spelling.ts'

export type SubscriptionType = 'free' | 'basic' | 'pro'

export type CurrentUser = {
	id: string
	email: string
	fullName: string
	timeZone: string
	subscriptionType: SubscriptionType
	plan: string | null
	creditsRemaining: number
	/** Every credit granted so far (the dashboard's 'von N'). */
	creditsTotal: number
	isAdmin: boolean
	/** Settings › Schreibweise; null: the browser's Accept-Language decides (ADR 0013). */
	spelling: Spelling | null
}

/** Why an account operation was refused; the web layer maps each to the spec's German message. */
export type AccountError =
	| 'email_taken'
	| 'invalid_credentials'
	| 'email_not_confirmed'
	| 'rate_limited'
	| 'invalid_token'
	| 'google_email_unverified'
	| 'google_account_conflict'

export type Result<T> = ({ ok: true } & T) | { ok: false; error: AccountError; retryAfterSeconds?: number }
