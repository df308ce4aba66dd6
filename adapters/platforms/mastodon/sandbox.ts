import { FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import { addMediaRoutes } from './sandbox-media.ts'
import { addOAuthRoutes } from './sandbox-oauth.ts'
import { STATUS_ID_PREFIX } from './sandbox-shared.ts'
import { addStatusRoutes, type StatusOptions } from './sandbox-statuses.ts'

export { SANDBOX_ACCOUNT as MASTODON_SANDBOX_ACCOUNT, NOT_MASTODON_PREFIX, LONG_TEXT_PREFIX } from './sandbox-shared.ts'

export type MastodonFakeOptions = SandboxContext &
	StatusOptions & {
		/** How many reads of a new upload answer 206 (still processing) before it is ready (default 1). */
		mediaPolls?: number
	}

/**
 * The Mastodon protocol fake: any instance host below /host/<host>/… (what sandboxUserFetch sends
 * https://<host>/… to), each with its own apps, tokens and the account '@testperson@<host>'. Hosts
 * starting with 'kein-mastodon.' are web servers that are not Mastodon; 'lang.*' allows 1000 characters.
 */
export function createMastodonFake(options: MastodonFakeOptions): FakeRouter {
	const router = new FakeRouter()
	options.store.setCommentFormat('mastodon', (_postId, n) => `${STATUS_ID_PREFIX}${n}`)
	addOAuthRoutes(router, options)
	const media = addMediaRoutes(router, options, options.mediaPolls)
	addStatusRoutes(router, options, media, options)
	return router
}
