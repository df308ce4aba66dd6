import type { DbOrTrx } from '#modules/core/db.server.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import type { Platform } from '#modules/core/platform-id.ts'

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

/**
 * Stores content ideas for a user (pass the transaction that also claims the run that made them).
 * `registered`: the registered platform ids; an idea keeps only these, and one naming none gets the first.
 */
export async function addContentIdeas(db: DbOrTrx, userId: string, ideas: ReadonlyArray<NewIdea>, registered: ReadonlyArray<Platform>) {
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
