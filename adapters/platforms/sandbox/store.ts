import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'

// What the sandbox network remembers: the posts "published" on it (kept in a JSON file when one is
// given, so the feed page survives restarts) and self-validating tokens (HMAC-signed, so connected
// sandbox accounts keep working across restarts without a token table).

export type SandboxPost = {
	id: string
	platform: string
	/** The page, organization or account the post was published as. */
	authorId: string
	text: string
	/** The first image (images[0].url), or null. */
	imageUrl: string | null
	/** Every item (image or video) as the network stored it, in order; absent on text posts and older saved posts. */
	images?: Array<SandboxMedia>
	/** The network's AI label was set when it was published (Instagram's is_ai_generated); absent: not set. */
	aiGenerated?: boolean
	/** A document post's file (LinkedIn): its URN, the title shown above it, its page count and where the PDF is served. */
	document?: { urn: string; title: string; pages: number; url: string }
	url: string
	createdAt: string
}

/** An image of a post, with its alt text ('' where none was sent); `width` and `height`: its size as the network read it from the file it fetched (absent: not fetched). */
export type SandboxImage = { kind?: 'image'; url: string; alt: string; width?: number; height?: number }

/**
 * A video of a post (every fake stores one so, alone or in a carousel; ADR 0058): where the fake serves it
 * (null: too large to keep in memory), its cover (`poster`: the thumbnail or cover sent, null: the
 * network's own frame), its alt text ('' where none); where the fake received the file itself, the
 * network's id of it (LinkedIn's URN, Mastodon's attachment id, Bluesky's blob CID) and its size, and
 * the title shown with it where the network has one (LinkedIn).
 */
export type SandboxVideo = { kind: 'video'; url: string | null; poster: string | null; alt: string; id?: string; bytes?: number; title?: string }

/** One item of a post. */
export type SandboxMedia = SandboxImage | SandboxVideo

/** The post's video, when it has one. */
export function videoOf(post: Pick<SandboxPost, 'images'>): SandboxVideo | null {
	return post.images?.find((item): item is SandboxVideo => item.kind === 'video') ?? null
}

/** The post's images (its videos left out); a post saved with only `imageUrl`, that one. */
export function imagesOf(post: Pick<SandboxPost, 'images' | 'imageUrl'>): Array<SandboxImage> {
	if (!post.images) return post.imageUrl ? [{ url: post.imageUrl, alt: '' }] : []
	return post.images.filter((item): item is SandboxImage => item.kind !== 'video')
}

/** A comment on a sandbox post, or a reply to a comment (parentId). */
export type SandboxComment = {
	id: string
	platform: string
	/** The post the comment belongs to (replies too). */
	postId: string
	/** The comment this one answers; null for a top-level comment. */
	parentId: string | null
	/** Who wrote it: a follower's made-up id, or the page/account itself for its replies. */
	authorId: string
	authorName: string
	text: string
	createdAt: string
}

/** scopes: what the member granted (fakes that check scopes); absent on tokens a test issues directly (all granted). */
export type SandboxToken = { platform: string; subject: string; kind: string; expiresAt: number; scopes?: Array<string> }

/** A post as saved; one saved before the items became one list kept its video apart (`video`, without `kind`). */
function savedPost(post: SandboxPost & { video?: Omit<SandboxVideo, 'kind'> }): SandboxPost {
	const { video, ...rest } = post
	return video ? { ...rest, images: [...(rest.images ?? []), { ...video, kind: 'video' }] } : rest
}

const RECEIVED_KEPT = 50

export class SandboxStore {
	readonly posts: Array<SandboxPost> = []
	readonly comments: Array<SandboxComment> = []
	private readonly secret: Buffer
	private readonly file: string | null
	private counter = 0
	/** Tokens a test (or the sandbox page) declared revoked. */
	private readonly revoked = new Set<string>()

	constructor(options: { secret?: string; file?: string | null } = {}) {
		this.secret = Buffer.from(options.secret ?? randomBytes(32).toString('hex'))
		this.file = options.file ?? null
		if (this.file && fs.existsSync(this.file)) {
			try {
				const saved = JSON.parse(fs.readFileSync(this.file, 'utf8')) as { posts?: Array<SandboxPost>; comments?: Array<SandboxComment>; counter?: number }
				this.posts.push(...(saved.posts ?? []).map(savedPost))
				this.comments.push(...(saved.comments ?? []))
				this.counter = saved.counter ?? this.posts.length
			} catch {
				// a damaged file only loses the sandbox's history
			}
		}
	}

	/** The last images the fakes fetched, by URL, as they received them (for tests; never saved, at most RECEIVED_KEPT). */
	private readonly receivedFiles = new Map<string, Uint8Array>()

	keepReceived(url: string, bytes: Uint8Array) {
		this.receivedFiles.delete(url)
		this.receivedFiles.set(url, bytes)
		if (this.receivedFiles.size > RECEIVED_KEPT) this.receivedFiles.delete(this.receivedFiles.keys().next().value!)
	}

	/** The file a fake fetched from `url`, or null. */
	received(url: string) {
		return this.receivedFiles.get(url) ?? null
	}

	nextId(prefix: string) {
		this.counter += 1
		return `${prefix}${this.counter}`
	}

	addPost(post: Omit<SandboxPost, 'createdAt'>) {
		const saved = { ...post, createdAt: new Date().toISOString() }
		this.posts.push(saved)
		this.persist()
		return saved
	}

	private commentFormats = new Map<string, (postId: string, n: string) => string>()

	/** Each platform's fake says how its network writes comment ids (a LinkedIn comment URN, Graph ids, Threads media ids). */
	setCommentFormat(platform: string, format: (postId: string, n: string) => string) {
		this.commentFormats.set(platform, format)
	}

	/** A new comment id in the platform's format. */
	commentId(platform: string, postId: string) {
		const n = this.nextId('')
		return this.commentFormats.get(platform)?.(postId, n) ?? `reply_${n}`
	}

	/** Adds a comment (parentId null) or a reply; the id is made by the caller in the platform's format. */
	addComment(comment: Omit<SandboxComment, 'createdAt'> & { createdAt?: string }) {
		const saved = { ...comment, createdAt: comment.createdAt ?? new Date().toISOString() }
		this.comments.push(saved)
		this.persist()
		return saved
	}

	/** Comments of a post (parentId undefined: all; null: top-level only; an id: the replies to that comment), oldest first. */
	findComments(platform: string, postId: string, parentId?: string | null) {
		return this.comments.filter((c) => c.platform === platform && c.postId === postId && (parentId === undefined || c.parentId === parentId))
	}

	findComment(platform: string, id: string) {
		return this.comments.find((c) => c.platform === platform && c.id === id) ?? null
	}

	findPosts(platform: string, authorId: string, since?: Date) {
		return this.posts.filter((p) => p.platform === platform && p.authorId === authorId && (!since || new Date(p.createdAt) >= since))
	}

	issueToken(token: Omit<SandboxToken, 'expiresAt'>, ttlSeconds: number) {
		const payload = Buffer.from(JSON.stringify({ ...token, expiresAt: Date.now() + ttlSeconds * 1000, n: randomBytes(6).toString('hex') })).toString('base64url')
		return `sbx.${payload}.${this.sign(payload)}`
	}

	/** The token's claims, or null when it is forged, revoked or expired. */
	verifyToken(token: string | null | undefined): SandboxToken | null {
		if (!token?.startsWith('sbx.') || this.revoked.has(token)) return null
		const [, payload, signature] = token.split('.')
		if (!payload || !signature) return null
		const expected = Buffer.from(this.sign(payload))
		const given = Buffer.from(signature)
		if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
		try {
			const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SandboxToken
			return claims.expiresAt > Date.now() ? claims : null
		} catch {
			return null
		}
	}

	revoke(token: string) {
		this.revoked.add(token)
	}

	private sign(payload: string) {
		return createHmac('sha256', this.secret).update(payload).digest('base64url')
	}

	private persist() {
		if (!this.file) return
		const recent = this.posts.slice(-500)
		const kept = new Set(recent.map((p) => p.id))
		const comments = this.comments.filter((c) => kept.has(c.postId)).slice(-2000)
		fs.writeFileSync(this.file, JSON.stringify({ posts: recent, comments, counter: this.counter }))
	}
}
