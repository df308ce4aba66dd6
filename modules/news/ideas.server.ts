import type { DbOrTrx } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import type { Platform } from '#modules/core/platform-id.ts'
import { newsBrand } from './brand.server.ts'

export type NewIdea = {
	title: string
	description: string
	/** Where the idea comes from ('News: heise online', 'Feiertag: Weihnachten', ...). */
	source: string
	/** ISO date (yyyy-MM-dd) of the news or event the idea is about. */
	publishedDate?: string | null
	trending?: boolean
	platforms?: ReadonlyArray<Platform>
	keyword?: string | null
	contentType?: string | null
}

/** An idea's identity for "already stored": its title, case, accents, punctuation and spacing aside. */
export function ideaKey(title: string) {
	return title
		.normalize('NFKD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim()
}

/** How many stored ideas are compared (the newest); older ones may come back. */
const COMPARED_IDEAS = 2000

/** The keys of the brand's stored ideas (the newest COMPARED_IDEAS; null: the user's first brand). */
export async function storedIdeaKeys(db: DbOrTrx, userId: string, brandId: string | null = null) {
	const rows = await db
		.selectFrom('content_ideas')
		.select('title')
		.where('user_id', '=', userId)
		.where('brand_id', '=', newsBrand(userId, brandId))
		.orderBy('created_at', 'desc')
		.limit(COMPARED_IDEAS)
		.execute()
	return new Set(rows.map((row) => ideaKey(row.title)))
}

/** The ideas whose key is not in `seen` and not repeated among them; `seen` takes their keys. */
export function freshIdeas<T extends { title: string }>(ideas: ReadonlyArray<T>, seen: Set<string>) {
	const fresh: Array<T> = []
	for (const idea of ideas) {
		const key = ideaKey(idea.title)
		if (!key || seen.has(key)) continue
		seen.add(key)
		fresh.push(idea)
	}
	return fresh
}

/**
 * Stores content ideas for a brand of the user (null: the first), leaving out those already stored (pass the transaction that also claims the run that made them).
 * `registered`: the registered platform ids; an idea keeps only these, and one naming none gets the first.
 */
export async function addContentIdeas(db: DbOrTrx, userId: string, candidates: ReadonlyArray<NewIdea>, registered: ReadonlyArray<Platform>, brandId: string | null = null) {
	// An idea the brand has already (same title) is not stored again.
	const ideas = candidates.length ? freshIdeas(candidates, await storedIdeaKeys(db, userId, brandId)) : []
	if (ideas.length === 0) return []
	const platformsOf = (idea: NewIdea) => {
		const named = (idea.platforms ?? []).filter((id) => registered.includes(id))
		return named.length ? named : registered.slice(0, 1)
	}
	const rows = await db
		.insertInto('content_ideas')
		.values(
			ideas.map((idea) => ({
				user_id: userId,
				// Left out: the user's first brand (fill_brand).
				brand_id: brandId ?? undefined,
				title: idea.title.slice(0, 500),
				description: idea.description.slice(0, 10_000),
				source: idea.source.slice(0, 500),
				published_date: idea.publishedDate ?? null,
				trending: idea.trending ?? false,
				platform: platformsOf(idea),
				keyword: idea.keyword?.slice(0, 200) ?? null,
				content_type: idea.contentType?.slice(0, 100) ?? null,
			})),
		)
		.returning('id')
		.execute()
	await notifyChange(db, { userId, topic: 'ideas' })
	return rows.map((r) => r.id)
}
