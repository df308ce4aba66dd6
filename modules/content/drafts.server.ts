import type { Db } from '#modules/core/db.server.ts'

/** The drafts bell: the user's draft count (drafts table plus posts still in status draft). */
export async function countDrafts(db: Db, userId: string) {
	const row = await db
		.selectNoFrom((eb) => [
			eb.selectFrom('drafts').select((e) => e.fn.countAll<number>().as('n')).where('user_id', '=', userId).as('drafts'),
			eb.selectFrom('posts').select((e) => e.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('status', '=', 'draft').as('posts'),
		])
		.executeTakeFirstOrThrow()
	return Number(row.drafts ?? 0) + Number(row.posts ?? 0)
}
