import { sql } from 'kysely'
import { executePrepared, type Db } from '#modules/core/db.server.ts'
import { isUuid } from '#modules/core/uuid.ts'
import type { PostChannel } from './post-channels.server.ts'

// Where a draft would go (issue 38): its card names the channels as a post's card does. As planning
// reads a draft (requestOf, targetsOf): its chosen channels; without them, per network the page
// chosen for it, else its brand's default channel of the network.

/** What a draft says about where it goes. */
export type DraftTargets = {
	draftId: string
	brandId: string
	platforms: ReadonlyArray<string>
	channelIds: ReadonlyArray<string>
	pageIds?: Partial<Record<string, string>>
}

/** Where a draft wants to go: a channel (of a network, when given), or a network's default channel in its brand. */
type Wish = { draft_id: string; brand_id: string; platform: string | null; channel_id: string | null }

/** One wish per chosen channel (any network), else one per network (its chosen page, or none: the default). */
function wishesOf(draft: DraftTargets): Array<Wish> {
	const base = { draft_id: draft.draftId, brand_id: draft.brandId }
	const chosen = draft.channelIds.filter((id) => isUuid(id))
	if (chosen.length) return chosen.map((channelId) => ({ ...base, platform: null, channel_id: channelId }))
	return draft.platforms.map((platform) => {
		const page = draft.pageIds?.[platform]
		return { ...base, platform, channel_id: isUuid(page) ? page : null }
	})
}

/** The channels of `drafts` (the user's own only), in one query, by draft id; each draft's by network, then name. */
export async function draftChannels(db: Db, userId: string, drafts: ReadonlyArray<DraftTargets>): Promise<Record<string, Array<PostChannel>>> {
	const channels: Record<string, Array<PostChannel>> = {}
	const wishes = drafts.flatMap(wishesOf)
	if (wishes.length === 0) return channels
	// One text whatever the number of drafts (the wishes as one JSON parameter): prepared once per connection.
	const query = sql<{ draft_id: string; id: string; platform: string; name: string }>`
		select distinct w.draft_id, c.id, c.platform, c.page_name as name
		from jsonb_to_recordset(${JSON.stringify(wishes)}::jsonb) as w(draft_id text, brand_id uuid, platform text, channel_id uuid)
		join channels c on c.user_id = ${userId} and c.id = coalesce(
			(select o.id from channels o where o.id = w.channel_id and o.user_id = ${userId} and (w.platform is null or o.platform = w.platform)),
			(select o.id from channels o where w.platform is not null and o.user_id = ${userId} and o.platform = w.platform and o.is_default and o.brand_id = w.brand_id))
		order by w.draft_id, c.platform, c.page_name`
	const { rows } = await executePrepared(db, 'publishing_draft_channels', query)
	for (const row of rows) (channels[row.draft_id] ??= []).push({ id: row.id, platform: row.platform, name: row.name })
	return channels
}
