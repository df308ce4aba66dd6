import { createHash } from 'node:crypto'
import type { SandboxContext } from '../sandbox/network.ts'
import { imagesOf, videoOf, type SandboxComment, type SandboxImage, type SandboxPost, type SandboxVideo } from '../sandbox/store.ts'
import { renderStatusHtml } from './sandbox-html.ts'
import { ownAuthor, SANDBOX_ACCOUNT, STATUS_ID_PREFIX } from './sandbox-shared.ts'

// The sandbox instances' statuses as the SandboxStore keeps them: our posts are store posts (author
// '@testperson@<host>'), replies (followers' and ours) are store comments. Both are statuses to
// Mastodon, with in_reply_to_id pointing at the post or at the comment they answer.

export type SandboxStatus = { kind: 'post'; post: SandboxPost; host: string } | { kind: 'comment'; comment: SandboxComment; host: string }

const PLATFORM = 'mastodon'

export const idOf = (status: SandboxStatus) => (status.kind === 'post' ? status.post.id : status.comment.id)

const videoJson = (video: SandboxVideo) => ({ id: video.id ?? '', type: 'video', url: video.url, preview_url: video.poster, remote_url: null, meta: {}, description: video.alt || null, blurhash: null })

/** Newest first, like Mastodon's timelines (ids grow with time). */
const newestFirst = (a: { id: string }, b: { id: string }) => (BigInt(b.id) > BigInt(a.id) ? 1 : BigInt(b.id) < BigInt(a.id) ? -1 : 0)

export function createConversations({ base, store }: SandboxContext) {
	const postOn = (host: string, id: string) => store.posts.find((p) => p.platform === PLATFORM && p.id === id && p.authorId === ownAuthor(host)) ?? null

	function find(host: string, id: string): SandboxStatus | null {
		const post = postOn(host, id)
		if (post) return { kind: 'post', post, host }
		const comment = store.findComment(PLATFORM, id)
		return comment && postOn(host, comment.postId) ? { kind: 'comment', comment, host } : null
	}

	/** The statuses that answer `status` directly. */
	function children(status: SandboxStatus): Array<SandboxStatus> {
		const rootId = status.kind === 'post' ? status.post.id : status.comment.postId
		const parentId = status.kind === 'post' ? null : status.comment.id
		return store.findComments(PLATFORM, rootId, parentId).map((comment) => ({ kind: 'comment', comment, host: status.host }))
	}

	/** Every reply below the status, depth first in the order they were written. */
	function descendants(status: SandboxStatus): Array<SandboxStatus> {
		return children(status).flatMap((child) => [child, ...descendants(child)])
	}

	function ownAccount(host: string) {
		const statuses = store.findPosts(PLATFORM, ownAuthor(host)).length
		return {
			...accountJson(host, SANDBOX_ACCOUNT.id, SANDBOX_ACCOUNT.username, SANDBOX_ACCOUNT.username, SANDBOX_ACCOUNT.displayName),
			note: '<p>Sandbox-Konto von Postwerk</p>',
			followers_count: SANDBOX_ACCOUNT.followers,
			following_count: SANDBOX_ACCOUNT.following,
			statuses_count: statuses,
			source: { privacy: 'public', sensitive: false, language: 'de', note: 'Sandbox-Konto von Postwerk', fields: [] },
		}
	}

	function accountJson(host: string, id: string, username: string, acct: string, displayName: string) {
		return {
			id,
			username,
			acct,
			display_name: displayName,
			locked: false,
			bot: false,
			created_at: '2026-01-01T00:00:00.000Z',
			url: `${base}/host/${host}/@${username}`,
			avatar: `${base}/host/${host}/avatars/testperson.svg`,
			avatar_static: `${base}/host/${host}/avatars/testperson.svg`,
			followers_count: 0,
			following_count: 0,
			statuses_count: 0,
		}
	}

	function authorJson(host: string, authorId: string, authorName: string) {
		if (authorId === ownAuthor(host)) return ownAccount(host)
		const username = authorName.toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'follower'
		return accountJson(host, authorId, username, `${username}@beispiel.social`, authorName)
	}

	function toJson(status: SandboxStatus) {
		const { host } = status
		const id = idOf(status)
		const text = status.kind === 'post' ? status.post.text : status.comment.text
		const createdAt = status.kind === 'post' ? status.post.createdAt : status.comment.createdAt
		const account = status.kind === 'post' ? ownAccount(host) : authorJson(host, status.comment.authorId, status.comment.authorName)
		const inReplyTo = status.kind === 'post' ? null : (status.comment.parentId ?? status.comment.postId)
		const parent = inReplyTo ? find(host, inReplyTo) : null
		const parentAccount = !parent ? null : parent.kind === 'post' || parent.comment.authorId === ownAuthor(host) ? SANDBOX_ACCOUNT.id : parent.comment.authorId
		const images = status.kind === 'post' ? imagesOf(status.post) : []
		const seed = createHash('sha256').update(id).digest()
		return {
			id,
			created_at: createdAt,
			in_reply_to_id: inReplyTo,
			in_reply_to_account_id: parentAccount,
			sensitive: false,
			spoiler_text: '',
			visibility: 'public',
			language: 'de',
			uri: `https://${host}/users/${account.username}/statuses/${id}`,
			url: `${base}/host/${host}/@${account.username}/${id}`,
			replies_count: children(status).length,
			reblogs_count: seed[0]! % 12,
			favourites_count: seed[1]! % 40,
			quotes_count: 0,
			edited_at: null,
			content: renderStatusHtml(text, host),
			reblog: null,
			application: { name: 'Postwerk', website: null },
			account,
			media_attachments: [
				...images.map(({ url, alt }) => ({ id: url.slice(url.lastIndexOf('/') + 1), type: 'image', url, preview_url: url, remote_url: null, meta: {}, description: alt || null, blurhash: null })),
				...(status.kind === 'post' && videoOf(status.post) ? [videoJson(videoOf(status.post)!)] : []),
			],
			mentions: [],
			tags: [],
			emojis: [],
			card: null,
			poll: null,
		}
	}

	return {
		find,
		toJson,
		ownAccount,
		/** Root first, down to the status's parent. */
		ancestors(host: string, status: SandboxStatus): Array<SandboxStatus> {
			const chain: Array<SandboxStatus> = []
			let current: SandboxStatus | null = status
			while (current?.kind === 'comment') {
				const parentId: string = current.comment.parentId ?? current.comment.postId
				current = find(host, parentId)
				if (current) chain.unshift(current)
			}
			return chain
		},
		descendants,
		/** The account's statuses, newest first; with `excludeReplies` its posts only. */
		ownStatuses(host: string, excludeReplies: boolean): Array<SandboxStatus> {
			const posts: Array<SandboxStatus> = store.findPosts(PLATFORM, ownAuthor(host)).map((post) => ({ kind: 'post', post, host }))
			const replies: Array<SandboxStatus> = excludeReplies
				? []
				: store.comments.filter((c) => c.platform === PLATFORM && c.authorId === ownAuthor(host)).map((comment) => ({ kind: 'comment', comment, host }))
			return [...posts, ...replies].map((status) => ({ status, id: idOf(status) })).sort(newestFirst).map(({ status }) => status)
		},
		/** A post with its attachments in the order of media_ids, each with its description ('' for none). */
		addPost(host: string, text: string, images: Array<SandboxImage>, video?: SandboxVideo): SandboxStatus {
			const id = store.nextId(STATUS_ID_PREFIX)
			const post = store.addPost({ id, platform: PLATFORM, authorId: ownAuthor(host), text, imageUrl: images[0]?.url ?? null, ...(images.length || video ? { images: video ? [...images, video] : images } : {}), url: `${base}/host/${host}/@${SANDBOX_ACCOUNT.username}/${id}` })
			return { kind: 'post', post, host }
		},
		addReply(host: string, parent: SandboxStatus, text: string): SandboxStatus {
			const postId = parent.kind === 'post' ? parent.post.id : parent.comment.postId
			const comment = store.addComment({
				id: store.commentId(PLATFORM, postId),
				platform: PLATFORM,
				postId,
				parentId: parent.kind === 'post' ? null : parent.comment.id,
				authorId: ownAuthor(host),
				authorName: SANDBOX_ACCOUNT.displayName,
				text,
			})
			return { kind: 'comment', comment, host }
		},
	}
}
