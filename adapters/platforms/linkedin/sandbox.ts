import { FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import { commentRoutes } from './sandbox-comments.ts'
import { documentRoutes } from './sandbox-documents.ts'
import { oauthRoutes } from './sandbox-oauth.ts'
import { postRoutes } from './sandbox-posts.ts'
import { profileRoutes } from './sandbox-rest.ts'
import { videoRoutes } from './sandbox-videos.ts'

/**
 * The LinkedIn protocol fake (ADAPTERS.md 5.1): consent page and token endpoint, userinfo, the member's
 * organization 'Muster AG', the Images, Videos, Documents and Posts APIs and engagement numbers, backed by the SandboxStore.
 * Every /rest call needs `LinkedIn-Version: YYYYMM`, `X-Restli-Protocol-Version: 2.0.0` and a valid token.
 */
export function createLinkedinFake(context: SandboxContext): FakeRouter {
	const router = new FakeRouter()
	context.store.setCommentFormat('linkedin', (postId, n) => `urn:li:comment:(${postId},${n})`)
	oauthRoutes(router, context)
	profileRoutes(router, context)
	postRoutes(router, context, documentRoutes(router, context), videoRoutes(router, context))
	commentRoutes(router, context)
	return router
}
