import { PlatformError, type CommentReply, type PlatformComment, type PostedComment, type PostMetrics, type PublishTarget } from '#modules/publishing/ports.ts'
import { num, str, type Json, type Xrpc } from './client.ts'
import { badResponse, failure } from './errors.ts'
import { checkText, normalize, POST_COLLECTION, rkeyOf, type Posts } from './publish.ts'
import { nextTid } from './tid.ts'

type PostView = { uri: string; cid: string; authorDid: string; authorName: string; text: string; createdAt: Date; reply: Json | null }

function postView(value: unknown): PostView | null {
	const post = value as Json | null
	const author = (post?.author ?? {}) as Json
	const record = (post?.record ?? {}) as Json
	const uri = str(post?.uri)
	const cid = str(post?.cid)
	const authorDid = str(author.did)
	if (!uri || !cid || !authorDid) return null
	const created = new Date(str(record.createdAt) ?? str(post?.indexedAt) ?? '')
	return {
		uri,
		cid,
		authorDid,
		authorName: str(author.displayName)?.trim() || str(author.handle) || authorDid,
		text: str(record.text) ?? '',
		createdAt: Number.isNaN(created.getTime()) ? new Date(0) : created,
		reply: (record.reply as Json | undefined) ?? null,
	}
}

/** Reading a post's thread and metrics through the PDS (it proxies app.bsky.* to the AppView), and answering replies. */
export function createConversations(xrpc: Xrpc, posts: Posts) {
	/** The direct replies of a post or a reply (getPostThread depth 1); the post's own view first. */
	async function thread(target: PublishTarget, uri: string) {
		const pds = await posts.pdsOf(target)
		const body = await xrpc.get(pds, 'app.bsky.feed.getPostThread', { uri, depth: '1', parentHeight: '0' }, { token: target.accessToken })
		const node = (body.thread ?? {}) as Json
		const self = postView(node.post)
		if (!self) throw failure('invalid_request', 'not_found', `${uri} is not a visible post (${String(node.$type)})`)
		const replies = (Array.isArray(node.replies) ? (node.replies as Array<Json>) : []).flatMap((r) => postView(r.post) ?? [])
		return { pds, self, replies }
	}

	async function getPosts(target: PublishTarget, uris: Array<string>) {
		const pds = await posts.pdsOf(target)
		const body = await xrpc.get(pds, 'app.bsky.feed.getPosts', { uris }, { token: target.accessToken })
		return Array.isArray(body.posts) ? (body.posts as Array<Json>) : []
	}

	return {
		async followerCount(target: PublishTarget) {
			const pds = await posts.pdsOf(target)
			const profile = await xrpc.get(pds, 'app.bsky.actor.getProfile', { actor: target.accountId }, { token: target.accessToken })
			return num(profile.followersCount)
		},

		/** Likes, replies, reposts plus quotes as shares; Bluesky has no views. */
		async postMetrics(target: PublishTarget, externalId: string): Promise<PostMetrics | null> {
			const post = (await getPosts(target, [externalId])).find((p) => p.uri === externalId)
			if (!post) return null
			const count = (name: string) => num(post[name]) ?? 0
			return { views: 0, likes: count('likeCount'), comments: count('replyCount'), shares: count('repostCount') + count('quoteCount') }
		},

		async listComments(target: PublishTarget, externalId: string, since: Date): Promise<Array<PlatformComment>> {
			const { replies } = await thread(target, externalId)
			return replies
				.filter((r) => r.createdAt >= since)
				.map((r) => ({ id: r.uri, authorName: r.authorName, text: r.text, createdAt: r.createdAt, own: r.authorDid === target.accountId }))
				.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
		},

		/** A reply is a post with root and parent references (uri and cid); createRecord is the creating call. */
		async replyToComment(target: PublishTarget, externalId: string, commentId: string, text: string): Promise<CommentReply> {
			checkText(text)
			const found = await getPosts(target, commentId === externalId ? [externalId] : [externalId, commentId])
			const ref = (uri: string) => {
				const post = found.find((p) => p.uri === uri)
				const cid = str(post?.cid)
				if (!cid) throw failure('invalid_request', 'not_found', `${uri} is not a visible post`)
				return { uri, cid }
			}
			// The post is the thread's root, also when the comment answered another reply.
			const root = ref(externalId)
			const parent = ref(commentId)
			const pds = await posts.pdsOf(target)
			const record = { $type: POST_COLLECTION, text, createdAt: new Date().toISOString(), langs: ['de'], reply: { root, parent } }
			const created = await xrpc.post(pds, 'com.atproto.repo.createRecord', { repo: target.accountId, collection: POST_COLLECTION, rkey: nextTid(), record }, { token: target.accessToken, creates: true })
			const uri = str(created.uri)
			if (!uri || !rkeyOf(uri)) throw badResponse('createRecord without an at:// uri', { creates: true })
			return { externalId: uri }
		},

		/**
		 * The first comment: a reply to the post itself (app.bsky.feed.post with reply.root = reply.parent =
		 * the post's uri and cid), created with createRecord like any reply; its link is the post link of its rkey.
		 */
		async commentOnPost(target: PublishTarget, externalId: string, text: string): Promise<PostedComment> {
			const { externalId: uri } = await this.replyToComment(target, externalId, externalId, text)
			return { externalId: uri, url: posts.postUrl(target.accountId, rkeyOf(uri)!.rkey) }
		},

		async findReply(target: PublishTarget, _externalId: string, commentId: string, text: string): Promise<CommentReply | null> {
			let replies: Array<PostView>
			try {
				replies = (await thread(target, commentId)).replies
			} catch (error) {
				if (error instanceof PlatformError && error.code === 'not_found') return null
				throw error
			}
			const wanted = normalize(text)
			const ours = replies.find((r) => r.authorDid === target.accountId && normalize(r.text) === wanted)
			return ours ? { externalId: ours.uri } : null
		},
	}
}
