import { PlatformError, type Platform, type PlatformAdapter } from '#modules/publishing/ports.ts'

/** The PlatformError code of a platform without client id and secret in production (its German reason in locales/de/publishing.json). */
export const NOT_CONFIGURED = 'not_configured'

/**
 * A platform without client id and secret in production: there is no sandbox to fall back to
 * (real users must never publish into it), so it cannot be connected and nothing is sent. Every
 * call fails with a permanent 'not_configured' error, never retried.
 */
export function unconfiguredAdapter(platform: Platform): PlatformAdapter {
	const fail = (): never => {
		throw new PlatformError({ kind: 'invalid_request', code: NOT_CONFIGURED, message: `${platform} has no client id and secret in this installation` })
	}
	const failing = async () => fail()
	return {
		platform,
		sandbox: false,
		authorizationUrl: fail,
		exchangeCode: failing,
		// Whatever the connect kind: an instance or a sign-in is refused the same way.
		resolveServer: failing,
		signIn: failing,
		refreshToken: failing,
		listPages: failing,
		publish: failing,
		findPublished: failing,
		followerCount: failing,
		postMetrics: failing,
		listComments: failing,
		replyToComment: failing,
		findReply: failing,
		commentOnPost: failing,
	}
}
