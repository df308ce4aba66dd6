import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { Db } from '#modules/core/db.server.ts'
import type { JsonPart } from '#modules/core/json-part.server.ts'

export type FavoriteTool = { toolName: string; displayName: string; icon: string; isEnabled: boolean }

/** Up to `limit` of the user's favourite tools with their names, one query. */
export async function favoriteTools(db: Db, userId: string, limit = 4): Promise<Array<FavoriteTool>> {
	return (await favoritesQuery(db, userId, limit).execute()).map(toFavorite)
}

/** favoriteTools as a part of a caller's statement (text and booleans: JSON keeps them as they are). */
export function favoriteToolsPart(db: Db, userId: string, limit = 4): JsonPart<Array<FavoriteRow>, Array<FavoriteTool>> {
	return { json: jsonArrayFrom(favoritesQuery(db, userId, limit)), read: (rows) => rows.map(toFavorite) }
}

function favoritesQuery(db: Db, userId: string, limit: number) {
	return db
		.selectFrom('toolbox_settings as s')
		.leftJoin('admin_toolbox_configs as c', 'c.tool_name', 's.tool_name')
		.select(['s.tool_name', 's.is_enabled', 'c.display_name', 'c.icon', 'c.is_available'])
		.where('s.user_id', '=', userId)
		.where('s.is_favorite', '=', true)
		.orderBy('s.updated_at', 'desc')
		.orderBy('s.tool_name')
		.limit(limit)
}

type FavoriteRow = Awaited<ReturnType<ReturnType<typeof favoritesQuery>['execute']>>[number]

function toFavorite(r: FavoriteRow): FavoriteTool {
	return {
		toolName: r.tool_name,
		displayName: r.display_name ?? r.tool_name,
		icon: r.icon ?? 'wrench',
		isEnabled: r.is_enabled && r.is_available !== false,
	}
}
