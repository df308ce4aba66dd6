import { FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import { addFeedRoutes } from './sandbox-feed.ts'
import { addIdentityRoutes } from './sandbox-identity.ts'
import { addRepoRoutes, tidAt } from './sandbox-repo.ts'
import { addVideoRoutes } from './sandbox-video.ts'
import { ENTRYWAY_HOST, FOLLOWER_DID, PDS_HOST, TWO_FACTOR_APP_PASSWORD, WRONG_APP_PASSWORD, type BlueskyFakeContext } from './sandbox-shared.ts'

/** The sandbox's conventions, for tests and the documentation: hosts and the app passwords it refuses. */
export const BLUESKY_SANDBOX = { pdsHost: PDS_HOST, entrywayHost: ENTRYWAY_HOST, wrongAppPassword: WRONG_APP_PASSWORD, twoFactorAppPassword: TWO_FACTOR_APP_PASSWORD, followerDid: FOLLOWER_DID }

/**
 * The Bluesky protocol fake, mounted at `base` (e.g. …/sandbox/bluesky). It serves every host the
 * adapter reaches through userFetch below /host/<hostname>/: a handle's /.well-known/atproto-did,
 * plc.directory's DID documents, and XRPC on the sandbox PDS and the entryway bsky.social. Any
 * handle that resolves is an account (the same handle, the same DID); names under .invalid do not
 * resolve. createSession takes any app password (xxxx-xxxx-xxxx-xxxx) except WRONG_APP_PASSWORD
 * ('fehl-pass-wort-0000': 401 AuthenticationRequired) and TWO_FACTOR_APP_PASSWORD
 * ('zwei-fakt-orxx-0000': 401 AuthFactorTokenRequired); anything else is refused like a wrong password.
 */
export function createBlueskyFake(options: SandboxContext): FakeRouter {
	const router = new FakeRouter()
	const context: BlueskyFakeContext = { ...options, state: { handles: new Map(), blobs: new Map(), records: new Map() } }
	// The feed page's test comments are posts of a follower's repo replying to ours.
	options.store.setCommentFormat('bluesky', (_postId, n) => `at://${FOLLOWER_DID}/app.bsky.feed.post/${tidAt(Date.now() * 1000 + Number(n))}`)
	addIdentityRoutes(router, context)
	addRepoRoutes(router, context)
	addVideoRoutes(router, context)
	addFeedRoutes(router, context)
	return router
}
