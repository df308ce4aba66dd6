import type { PlatformAdapter } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from '../settings.ts'
import { pageOf, serverOf, verifyCredentials } from './account.ts'
import { createMastodonClient, num, str } from './client.ts'
import { createComments } from './comments.ts'
import { createConnect } from './connect.ts'
import { createInstanceReader } from './instance.ts'
import { createPublishing } from './publish.ts'

export { MASTODON_SCOPES } from './connect.ts'

export type MastodonAdapterOptions = {
	/** Wait between reads of an image the instance is still processing (202, then 206). */
	pollIntervalMs?: number
	/** Give up on an image still processing after this long. */
	maxPollMs?: number
}

/**
 * Mastodon: every account lives on the instance its user named (TokenSet.server, PublishTarget.server),
 * and every request goes to that instance through settings.userFetch.
 */
export function createMastodonAdapter(settings: AdapterSettings, options: MastodonAdapterOptions = {}): PlatformAdapter {
	const client = createMastodonClient(settings)
	const instances = createInstanceReader(client, settings.insecureHosts)
	const connect = createConnect(settings, client, instances)
	const publishing = createPublishing(settings, client, instances, { pollIntervalMs: options.pollIntervalMs ?? 2_000, maxPollMs: options.maxPollMs ?? 60_000 })
	const comments = createComments(client)

	return {
		platform: 'mastodon',
		sandbox: settings.sandbox,
		resolveServer: instances.resolve,
		registerClient: connect.registerClient,
		checkClient: connect.checkClient,
		authorizationUrl: connect.authorizationUrl,
		exchangeCode: connect.exchangeCode,
		refreshToken: connect.refreshToken,

		async listPages(account) {
			const server = serverOf(account)
			return [pageOf(await verifyCredentials(client, server, account.accessToken), server)]
		},

		publish: publishing.publish,
		findPublished: publishing.findPublished,

		async followerCount(target) {
			return num((await verifyCredentials(client, serverOf(target), target.accessToken)).followers_count)
		},

		/** Mastodon counts no views; boosts are its shares. */
		async postMetrics(target, externalId) {
			const status = await client.request(serverOf(target), `/api/v1/statuses/${encodeURIComponent(externalId)}`, { token: target.accessToken })
			if (!str(status.id)) return null
			return { views: 0, likes: num(status.favourites_count) ?? 0, comments: num(status.replies_count) ?? 0, shares: num(status.reblogs_count) ?? 0 }
		},

		listComments: comments.listComments,
		replyToComment: comments.replyToComment,
		findReply: comments.findReply,
		commentOnPost: comments.commentOnPost,
	}
}
