import type { PlatformAdapter } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from '../settings.ts'
import { createXrpc } from './client.ts'
import { createConversations } from './comments.ts'
import { failure } from './errors.ts'
import { resolvePds } from './identity.ts'
import { createPosts } from './publish.ts'
import { profilePage, refresh, signIn } from './session.ts'
import type { VideoPolling } from './video.ts'

/**
 * Bluesky (AT Protocol, ADAPTERS.md "Bluesky"): handle and app password, the account's own PDS for
 * everything after that. All requests go through `settings.userFetch` (hosts the user names);
 * `apiBase` is the entryway (https://bsky.social) that resolves handles without a well-known file,
 * `authorizeUrl` the web app the post links point to (there is no consent page).
 */
export function createBlueskyAdapter(settings: AdapterSettings, polling?: VideoPolling): PlatformAdapter {
	const xrpc = createXrpc(settings)
	const posts = createPosts({ settings, xrpc, polling })
	const conversations = createConversations(xrpc, posts)
	const oauth = () => failure('invalid_request', 'connect_kind', 'Bluesky connects with a handle and an app password (signIn), not OAuth')

	return {
		platform: 'bluesky',
		sandbox: settings.sandbox,
		authorizationUrl: () => {
			throw oauth()
		},
		exchangeCode: async () => {
			throw oauth()
		},
		signIn: (input) => signIn(xrpc, settings.apiBase, input),
		refreshToken: (token) => refresh(xrpc, settings.apiBase, token),
		async listPages(account) {
			const pds = account.server ?? (await resolvePds(xrpc, account.accountId))
			return [await profilePage(xrpc, pds, account.accountId, account.accessToken)]
		},
		publish: posts.publish,
		findPublished: posts.findPublished,
		followerCount: conversations.followerCount,
		postMetrics: conversations.postMetrics,
		listComments: conversations.listComments,
		replyToComment: conversations.replyToComment,
		findReply: conversations.findReply,
		commentOnPost: (target, externalId, text) => conversations.commentOnPost(target, externalId, text),
	}
}
