import { FakeRouter } from '../sandbox/fake-http.ts'
import { addThreadsGraphRoutes, type ThreadsFakeOptions } from './sandbox-graph.ts'
import { addThreadsOAuthRoutes } from './sandbox-oauth.ts'

export type { ThreadsFakeOptions }
export { SANDBOX_USER as THREADS_SANDBOX_USER, LONG_TOKEN_TTL_S as THREADS_LONG_TOKEN_TTL_S } from './sandbox-shared.ts'

/**
 * The Threads protocol fake (ADAPTERS.md 5.3), mounted at `base` (e.g. …/sandbox/threads): the OAuth
 * endpoints at the root like graph.threads.net, the Graph API below /v1.0. The sandbox network of
 * the app and the tests use the same fake.
 */
export function createThreadsFake(options: ThreadsFakeOptions): FakeRouter {
	const router = new FakeRouter()
	options.store.setCommentFormat('threads', (_postId, n) => `th_reply_${n}`)
	addThreadsOAuthRoutes(router, options)
	addThreadsGraphRoutes(router, options)
	return router
}
