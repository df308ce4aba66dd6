import type { DbOrTrx } from '#modules/core/db.server.ts'
import type { JsonPart } from '#modules/core/json-part.server.ts'
import { hasIdeaSettings } from './generate.server.ts'
import { ideasWithSettings, ideasWithSettingsJson, ideasWithSettingsOf, type IdeaView, type IdeasWithSettingsRow } from './read.server.ts'
import { toContentSettings } from './settings.server.ts'

export type DashboardIdeas = { ideas: Array<IdeaView>; canGenerate: boolean }

/**
 * The dashboard card 'KI Content-Ideen': the newest ideas of the brand (null: of all) and whether more
 * can be generated from its settings (null: the first brand's), one query.
 */
export async function dashboardIdeas(db: DbOrTrx, userId: string, limit = 4, brandId: string | null = null): Promise<DashboardIdeas> {
	return dashboardIdeasOf(await ideasWithSettings(db, userId, limit, brandId))
}

/** dashboardIdeas as a part of a caller's statement. */
export function dashboardIdeasPart(db: DbOrTrx, userId: string, limit = 4, brandId: string | null = null): JsonPart<IdeasWithSettingsRow | null, DashboardIdeas> {
	// The query has no FROM and always gives one row: the object is never null.
	return { json: ideasWithSettingsJson(db, userId, limit, brandId), read: (row) => dashboardIdeasOf(ideasWithSettingsOf(row!)) }
}

function dashboardIdeasOf({ settings, ideas }: ReturnType<typeof ideasWithSettingsOf>): DashboardIdeas {
	return { ideas, canGenerate: hasIdeaSettings(toContentSettings(settings)) }
}
