import { AsyncLocalStorage } from 'node:async_hooks'
import type { RawBuilder, sql } from 'kysely'
import type { Platform } from '#modules/content/platforms.ts'

// The PlatformAdapter port: what the publishing module needs from a social network.
// Adapters (adapters/platforms/<name>) implement it against the network's real HTTP protocol;
// without client id and secret they talk to the built-in sandbox network, which speaks the same protocol.

export type { Platform }
export type { PlatformDescriptor } from './descriptor.ts'

export type TokenSet = {
	accessToken: string
	/** null where the platform issues none (LinkedIn outside the partner program). */
	refreshToken: string | null
	expiresAt: Date | null
	scopes: Array<string>
	/**
	 * The server the token belongs to, for networks where the user names it (a Mastodon instance, a
	 * Bluesky PDS): its base URL, e.g. https://mastodon.social. null for networks with one fixed API.
	 */
	server?: string | null
}

export type PageInfo = {
	/** The platform's id of the page, organization or account that posts are published as. */
	pageId: string
	name: string
	type: 'personal' | 'business'
	pictureUrl: string | null
	followerCount: number | null
	/** A page-level token where the platform has one (Facebook pages); null otherwise. */
	accessToken: string | null
}

export type ConnectedAccount = {
	/** The platform's user id (LinkedIn person id, Facebook user id, Threads user id, Bluesky DID). */
	accountId: string
	accountName: string
	token: TokenSet
	pages: Array<PageInfo>
	/** What the user's own server allows where it differs per server (Mastodon: GET /api/v2/instance); kept with the account. */
	limits?: AccountLimits | null
}

/** A server's own limits (null fields: the descriptor's figure holds). */
export type AccountLimits = {
	textLimit: number | null
	/** Every URL counts as this many characters. */
	urlLength: number | null
	maxImages: number | null
	imageMaxBytes: number | null
	imageFormats: Array<string> | null
}

export type PublishTarget = {
	accountId: string
	pageId: string
	/** The token to publish with: the page token where there is one, else the account token. */
	accessToken: string
	/** TokenSet.server: the user's own server (Mastodon instance, Bluesky PDS), or null. */
	server?: string | null
}

/**
 * One item of a post as the network receives it, in the post's order (ADR 0053). Images only for now;
 * 'video' and 'document' join this union with their own fields.
 */
/** A picture of a post (one of a carousel, or the only one). */
export type PublishImage = {
	kind: 'image'
	/** Absolute and publicly reachable (Instagram and Threads fetch it themselves). */
	url: string
	/** German alt text, or null; sent where the network takes it (descriptor `media.altText`). */
	altText: string | null
	width?: number | null
	height?: number | null
}

/** A video (a Reel where the network publishes videos as Reels), already in a form the network takes (H.264/AAC MP4). */
export type PublishVideo = {
	kind: 'video'
	/** Absolute and publicly reachable; served with byte ranges (/media/<key>). */
	url: string
	/** German alt text (Bluesky's `alt`, Mastodon's `description`, Instagram's and Threads' `alt_text`), or null. */
	altText: string | null
	/** The cover frame the user picked (a JPEG, absolute URL), or null: the network's default. */
	coverUrl: string | null
	/** Where in the video the cover was taken (Instagram's thumb_offset), or null. */
	coverAtMs: number | null
	width?: number | null
	height?: number | null
	durationMs?: number | null
	sizeBytes?: number | null
	/** The file's type, e.g. 'video/mp4'. */
	contentType?: string | null
}

/** A PDF shown as a swipeable document (LinkedIn's document post). */
export type PublishDocument = {
	kind: 'document'
	/** Absolute and publicly reachable. */
	url: string
	/** The title the network shows above the document. */
	title: string
	/** Documents have none; kept so every item reads alike. */
	altText: null
	pages?: number | null
	sizeBytes?: number | null
}

/** One item of a post's media, in order (ADR 0053); an adapter sends the kinds its descriptor's `media` names. */
export type PublishMedia = PublishImage | PublishVideo | PublishDocument

export type PublishContent = {
	text: string
	/** The first image's URL (null without one), kept while callers still read one URL. */
	imageUrl: string | null
	/** The post's items in order; empty for a text post. */
	media: Array<PublishMedia>
	/** The post is marked as made with AI (its ai_label, 'auto' resolved): set the network's flag where the descriptor has `media.aiFlag`. */
	aiGenerated?: boolean
}

export type Published = { externalId: string; url: string | null }

/** Progress saved by the caller the moment the network answers (e.g. an Instagram container id). */
export type Checkpoint = Record<string, string>

export type PublishHooks = {
	/** Persist a step before going on, so a crash later can be reconciled instead of posting twice. */
	checkpoint: (data: Checkpoint) => Promise<void>
	/**
	 * What earlier attempts of this delivery saved (empty on the first). After an unknown outcome that
	 * reconciling did not find (the publisher resends only after a server error, 5xx), an adapter that
	 * chose a key before sending (a Bluesky record key, a Mastodon Idempotency-Key) sends again under
	 * the same key, and one with a container (Threads, Instagram) publishes the earlier container while
	 * it is unpublished, so a post that lands late is found, never doubled.
	 */
	previous?: Checkpoint
	signal?: AbortSignal
}

export type PostMetrics = { views: number; likes: number; comments: number; shares: number }

/** A comment (or a Threads reply) on a published post, as the network lists it. */
export type PlatformComment = {
	/** The network's id of the comment (LinkedIn: the comment URN). */
	id: string
	authorName: string
	text: string
	createdAt: Date
	/** Written by the account the post was published as (our own replies): never answered. */
	own: boolean
}

export type CommentReply = { externalId: string }

/** A first comment as the network created it: its id and, where the network has one, its link. */
export type PostedComment = { externalId: string; url: string | null }

/** A user-named server and the client the app registered there (connect 'instance-oauth'). */
export type ServerClient = { url: string; clientId: string; clientSecret: string }

/**
 * Set by the publisher around `publish`: adapters' HTTP helper calls `beforeCreate` right before a
 * request that creates the post leaves. Everything earlier (uploads, containers) may be repeated
 * after a crash; from this moment on the outcome must be reconciled, never sent again.
 */
export const createRequestGuard = new AsyncLocalStorage<{ beforeCreate: () => Promise<void> }>()

export type PlatformErrorKind =
	| 'auth_expired' // reconnect the account, do not retry
	| 'permission_missing' // re-consent with the scopes
	| 'rate_limited' // retry after retryAfterMs
	| 'transient' // retry with backoff
	| 'invalid_request' // do not retry; tell the user why
	| 'quota_exhausted' // do not retry before the window resets
	| 'unknown_outcome' // the request may have reached the network: reconcile, never resend blindly

/** Every adapter failure is one of these; `code` selects the German reason shown to the user. */
export class PlatformError extends Error {
	readonly kind: PlatformErrorKind
	readonly code: string
	readonly retryAfterMs: number | null
	readonly status: number | null

	constructor(input: { kind: PlatformErrorKind; code: string; message: string; retryAfterMs?: number | null; status?: number | null }) {
		super(input.message)
		this.name = 'PlatformError'
		this.kind = input.kind
		this.code = input.code
		this.retryAfterMs = input.retryAfterMs ?? null
		this.status = input.status ?? null
	}
}

export type PlatformAdapter = {
	platform: Platform
	/** True when this adapter talks to the built-in sandbox network (shown as 'Testmodus'). */
	sandbox: boolean
	/**
	 * The browser URL of the consent page (state and, where supported, PKCE S256). Instance networks
	 * (connect 'instance-oauth') get the server and the client the app registered there.
	 */
	authorizationUrl: (input: { state: string; codeVerifier: string; redirectUri: string; server?: ServerClient }) => string
	/** Code exchange, long-lived token where the platform has one, identity and pages. */
	exchangeCode: (input: { code: string; codeVerifier: string; redirectUri: string; server?: ServerClient }) => Promise<ConnectedAccount>
	/**
	 * Instance networks: the base URL of the server the user named ('mastodon.social',
	 * 'https://chaos.social/'), checked to be a public host that answers as this network. Throws
	 * PlatformError 'invalid_request' with code 'server_invalid' (not a host name), 'server_blocked'
	 * (a private or internal address) or 'server_not_found' (no such host, or not this network).
	 */
	resolveServer?: (input: string) => Promise<string>
	/** Instance networks: registers the app on `server` for `redirectUri` (the caller keeps it per server). */
	registerClient?: (input: { server: string; redirectUri: string }) => Promise<{ clientId: string; clientSecret: string }>
	/** Instance networks: throws PlatformError code 'invalid_client' when the server forgot a stored registration. */
	checkClient?: (client: ServerClient) => Promise<void>
	/**
	 * Handle networks (connect 'handle-app-password'): signs in with the user's handle and an app
	 * password. Throws PlatformError 'invalid_request' with 'handle_not_found' (the handle does not
	 * resolve), 'server_blocked' (it points to a private address) or 'invalid_credentials'.
	 */
	signIn?: (input: { identifier: string; password: string }) => Promise<ConnectedAccount>
	/** A fresh token; throws PlatformError 'auth_expired' when only reconnecting helps. */
	refreshToken: (token: TokenSet) => Promise<TokenSet>
	/** scopes: what the token was granted, when known (a network may offer some pages only with some scopes). */
	listPages: (account: { accountId: string; accessToken: string; server?: string | null; scopes?: Array<string> }) => Promise<Array<PageInfo>>
	publish: (target: PublishTarget, content: PublishContent, hooks: PublishHooks) => Promise<Published>
	/**
	 * After an unknown outcome: looks on the network for the post (by the saved checkpoint, or the
	 * text among posts since `since`). null means it is not there.
	 */
	findPublished: (target: PublishTarget, content: PublishContent, checkpoint: Checkpoint, since: Date) => Promise<Published | null>
	followerCount: (target: PublishTarget) => Promise<number | null>
	postMetrics: (target: PublishTarget, externalId: string) => Promise<PostMetrics | null>
	/** Top-level comments on a published post (`externalId`) written after `since`, oldest first. */
	listComments: (target: PublishTarget, externalId: string, since: Date) => Promise<Array<PlatformComment>>
	/**
	 * Answers a comment as the account the post was published as. The creating request is marked
	 * `creates`, so a timeout is an 'unknown_outcome' to reconcile with `findReply`, never resent.
	 */
	replyToComment: (target: PublishTarget, externalId: string, commentId: string, text: string) => Promise<CommentReply>
	/** After an unknown outcome: our reply with this text below the comment, or null when there is none. */
	findReply: (target: PublishTarget, externalId: string, commentId: string, text: string) => Promise<CommentReply | null>
	/**
	 * The post's first comment (ADR 0053): a top-level comment (a reply where the network has only
	 * replies) under the published post `externalId`, as the account it was published as. The creating
	 * request is marked `creates`, so the publisher's marker is written right before it leaves and a
	 * timeout is an 'unknown_outcome', reconciled through `listComments` (our own comment with this text).
	 */
	commentOnPost: (target: PublishTarget, externalId: string, text: string) => Promise<PostedComment>
}

/**
 * What publishing needs of brands (modules/brands owns the table and imports publishing, so the
 * composition root wires it in): a channel's brand name as a part of publishing's own statement.
 */
export type BrandNames = {
	brandNameSql: (brandId: ReturnType<typeof sql.ref>) => RawBuilder<string>
}
