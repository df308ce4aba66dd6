import type { RawBuilder, sql } from 'kysely'
import type { DbOrTrx, Trx } from '#modules/core/db.server.ts'
import type { Platform } from './platforms.ts'

/**
 * What a post is planned for. `channelIds` (the user's channels, checked by `channels` before) decide
 * the deliveries, one per channel; without them each of `platforms` goes to the page chosen in `pageIds`
 * (a channel id per network) or else to the default channel of the post's brand (`brandId`).
 */
export type PlanInput = {
	postId: string
	userId: string
	platforms: Array<Platform>
	pageIds: Partial<Record<Platform, string>>
	channelIds?: ReadonlyArray<string>
	brandId?: string
	scheduledAt: Date | null
}

/**
 * A stored post's new channels (checked by `channels` before): `scheduledAt` is its plan (null: not
 * yet planned, its deliveries wait), `brandId` its brand (a channel-less delivery goes to its default).
 */
export type RetargetInput = { postId: string; userId: string; brandId: string; channelIds: ReadonlyArray<string>; scheduledAt: Date | null }

/** A channel as planning names it: its network and its brand. */
export type PlannedChannel = { id: string; platform: Platform; brandId: string }

/**
 * What content needs from publishing when posts are planned, moved or deleted: the deliveries
 * (one per platform) and their publish jobs, written in the same transaction as the post; and the
 * channels a post goes to as parts of content's own statements (the deliveries are publishing's).
 * Implemented by modules/publishing; the composition root wires it in.
 */
export type DeliveryPlanner = {
	/**
	 * The user's channels among `channelIds` (in the order given, duplicates dropped), in one read;
	 * throws PlanRefused with a German reason when one is not the user's (another user's, deleted, no
	 * id), unless `gone: 'drop'` (a draft's choice made earlier: a channel disconnected since is left out).
	 */
	channels: (trx: Trx, input: { userId: string; channelIds: ReadonlyArray<string>; gone?: 'refuse' | 'drop' }) => Promise<Array<PlannedChannel>>
	plan: (trx: Trx, input: PlanInput) => Promise<void>
	/**
	 * `plan` for many new posts of one user in a few statements (a CSV import): the reasons a network
	 * would refuse each (empty: planned), judged in order as planning them one by one would; refused
	 * posts get no deliveries.
	 */
	planMany: (trx: Trx, inputs: ReadonlyArray<PlanInput>) => Promise<Array<Array<string>>>
	reschedule: (trx: Trx, input: { postId: string; userId: string; scheduledAt: Date }) => Promise<void>
	cancel: (trx: Trx, input: { postId: string; userId: string }) => Promise<void>
	/**
	 * A stored post's deliveries follow `channelIds`: the channels no longer chosen lose their delivery
	 * and its jobs, new ones get one on the post's plan; checked by the preflight when the post has a
	 * time. Throws PlanRefused (German) for a delivery already on a network, or a network's refusal.
	 */
	retarget: (trx: Trx, input: RetargetInput) => Promise<void>
	/** The channels of the post `postId` selects, as JSON `[{ id, network, name }]` inside a statement (the 'post.scheduled' webhook). */
	postChannelsJsonSql: (postId: RawBuilder<unknown>) => RawBuilder<unknown>
	/** Whether the post `postId` selects has a delivery to the user's channel, as a condition inside a statement (the calendar's filter). */
	postGoesToChannelSql: (input: { userId: string; channelId: string; postId: RawBuilder<unknown> }) => RawBuilder<boolean>
}

/**
 * Thrown by a planner when a network would refuse the post (too long, no image, quota, scopes, no
 * working connection for a post due now): the transaction rolls back and the caller answers with
 * the German reasons.
 */
export class PlanRefused extends Error {
	readonly reasons: Array<string>
	constructor(reasons: Array<string>) {
		super(reasons.join(' '))
		this.name = 'PlanRefused'
		this.reasons = reasons
	}
}

/** By shape: the planner and the caller may hold two copies of the class (app build and server source). */
export function isPlanRefused(error: unknown): error is PlanRefused {
	return error instanceof Error && error.name === 'PlanRefused' && Array.isArray((error as PlanRefused).reasons)
}

/**
 * What content needs of brands (modules/brands owns the table and imports content: a deleted brand's
 * posts and drafts move with content's moveContentOfBrand), wired in by the composition root.
 */
export type BrandDirectory = {
	/** Whether `brandId` is one of the user's brands: one read, inside the caller's transaction. */
	ownsBrand: (db: DbOrTrx, userId: string, brandId: string) => Promise<boolean>
}

/**
 * What content needs to know of a post's image's origin (modules/generation owns the uploads that tell),
 * wired in by the composition root: whether the URL `url` selects names an image Postwerk generated for
 * the user `userId` selects (the AI label's `ai_generated`), as a condition inside content's statement.
 */
export type MediaOrigins = {
	generatedSql: (input: { userId: RawBuilder<unknown> | ReturnType<typeof sql.ref>; url: RawBuilder<unknown> | ReturnType<typeof sql.ref> }) => RawBuilder<boolean>
	/** The German alt text a generated image was made with (ADR 0060), null for any other URL: the post image's alt_text. */
	altTextSql: (input: { userId: RawBuilder<unknown> | ReturnType<typeof sql.ref>; url: RawBuilder<unknown> | ReturnType<typeof sql.ref> }) => RawBuilder<string | null>
	/**
	 * The user's own upload stored under `fileKey`, as a subquery of at most one row for a lateral join
	 * inside content's statement (the owner checked there): `storage_key`, `kind` ('image' | 'video' |
	 * 'document'), `content_type`, `size_bytes`, `generated` (Postwerk made it), `alt_text` (a generated image's). No row: not the user's,
	 * unknown, or not a post's medium (e.g. audio).
	 */
	ownUploadSql: (input: { userId: RawBuilder<unknown> | ReturnType<typeof sql.ref>; fileKey: RawBuilder<unknown> | ReturnType<typeof sql.ref> }) => RawBuilder<unknown>
	/**
	 * The input kind the user's generation `generationId` wrote its texts from, null when it is not the
	 * user's, did not succeed or wrote no text: the post's or draft's `text_origin` (the AI label, ADR 0067).
	 */
	textOriginSql: (input: { userId: RawBuilder<unknown> | ReturnType<typeof sql.ref>; generationId: RawBuilder<unknown> | ReturnType<typeof sql.ref> }) => RawBuilder<string | null>
}
