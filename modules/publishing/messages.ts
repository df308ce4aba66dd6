import publishing from '#locales/de/publishing.json' with { type: 'json' }
import posts from '#locales/de/posts.json' with { type: 'json' }
import type { Platform } from './ports.ts'

const reasons: Record<string, string> = publishing.reasons

/** The German reason for an adapter error code (a platform's own wording never reaches the user). */
export function reasonFor(code: string | null | undefined) {
	return (code && reasons[code]) || reasons.unknown!
}

/** The ways a connection stops working that the module words (the adapter classifies which one it is). */
const AUTH_CODES = new Set(['token_expired', 'token_revoked'])

/** The reason code of an 'auth_expired' failure: the adapter's own where it says more (withdrawn, not run out), else 'token_expired'. */
export function authCodeOf(error: { code: string }) {
	return AUTH_CODES.has(error.code) ? error.code : 'token_expired'
}

export function platformName(platform: Platform | string) {
	return (posts.platforms as Record<string, string>)[platform] ?? platform
}

/** A network and, when there is one, the channel's name: "LinkedIn (Bäckerei AG)" (reasons and mails name where they apply). */
export function channelLabel(platform: Platform | string, channelName: string | null | undefined) {
	const network = platformName(platform)
	return channelName ? `${network} (${channelName})` : network
}

export function fill(template: string, values: Record<string, string>) {
	return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '')
}

export const texts = publishing
