import { createHash } from 'node:crypto'
import { json, type FakeRouter } from '../sandbox/fake-http.ts'
import { onXrpc } from './sandbox-identity.ts'
import { findRecord, type RepoRecord } from './sandbox-repo.ts'
import { bearer, displayNameOf, handleOf, PDS_HOST, verifySession, xrpcError, type BlueskyFakeContext } from './sandbox-shared.ts'

const THREAD_VIEW = 'app.bsky.feed.defs#threadViewPost'

/** Reading posts as the AppView shows them (app.bsky.feed.getPosts, getPostThread), proxied by the PDS. */
export function addFeedRoutes(router: FakeRouter, context: BlueskyFakeContext) {
	const { store, base } = context

	function author(record: RepoRecord) {
		// A test follower's comment carries a name, not a DID: it is shown as written.
		const authorId = record.comment?.authorId ?? record.post?.authorId ?? record.did
		if (!authorId.startsWith('did:')) {
			const name = record.comment?.authorName ?? authorId
			return { did: record.did, handle: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'follower'}.bsky.social`, displayName: name }
		}
		const handle = handleOf(context, authorId)
		return { did: authorId, handle, displayName: displayNameOf(handle) }
	}

	const childrenOf = (record: RepoRecord) =>
		record.post ? store.findComments('bluesky', record.uri, null) : store.findComments('bluesky', record.comment!.postId, record.comment!.id)

	function view(record: RepoRecord) {
		const seed = createHash('sha256').update(record.uri).digest()
		const images = ((record.value.embed as { images?: Array<{ image: { ref: { $link: string } }; alt: string; aspectRatio?: unknown }> } | undefined)?.images ?? []).map((image) => {
			const url = `${base}/host/${PDS_HOST}/xrpc/com.atproto.sync.getBlob?did=${encodeURIComponent(record.did)}&cid=${image.image.ref.$link}`
			return { thumb: url, fullsize: url, alt: image.alt, aspectRatio: image.aspectRatio }
		})
		return {
			uri: record.uri,
			cid: record.cid,
			author: author(record),
			record: record.value,
			...(images.length ? { embed: { $type: 'app.bsky.embed.images#view', images } } : {}),
			replyCount: childrenOf(record).length,
			repostCount: seed[0]! % 10,
			likeCount: seed[1]! % 40,
			quoteCount: seed[2]! % 5,
			indexedAt: record.post?.createdAt ?? record.comment?.createdAt ?? new Date().toISOString(),
			labels: [],
		}
	}

	onXrpc(router, 'GET', 'app.bsky.feed.getPosts', (req) => {
		const viewer = verifySession(context, bearer(req), 'access')
		if (typeof viewer !== 'string') return viewer
		const uris = req.query.getAll('uris')
		if (!uris.length) return xrpcError(400, 'InvalidRequest', 'Error: Params must have the property "uris"')
		if (uris.length > 25) return xrpcError(400, 'InvalidRequest', 'Error: uris must not have more than 25 elements')
		return json(200, { posts: uris.flatMap((uri) => findRecord(context, uri) ?? []).map(view) })
	})

	onXrpc(router, 'GET', 'app.bsky.feed.getPostThread', (req) => {
		const viewer = verifySession(context, bearer(req), 'access')
		if (typeof viewer !== 'string') return viewer
		const uri = req.query.get('uri') ?? ''
		const depth = Math.min(1000, Math.max(0, Number(req.query.get('depth') ?? 6) || 0))
		const record = findRecord(context, uri)
		if (!record) return xrpcError(400, 'NotFound', `Post not found: ${uri}`)
		const node = (current: RepoRecord, level: number): Record<string, unknown> => ({
			$type: THREAD_VIEW,
			post: view(current),
			...(level < depth ? { replies: childrenOf(current).flatMap((c) => findRecord(context, c.id) ?? []).map((child) => node(child, level + 1)) } : {}),
		})
		return json(200, { thread: node(record, 0) })
	})
}
