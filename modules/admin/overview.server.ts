import type { Db } from '#modules/core/db.server.ts'

/** The admin overview's counters, in one query. */
export async function overviewStats(db: Db) {
	const row = await db
		.selectNoFrom((eb) => [
			eb.selectFrom('users').select((e) => e.fn.countAll<number>().as('n')).as('users'),
			eb.selectFrom('user_roles').select((e) => e.fn.countAll<number>().as('n')).where('role', '=', 'admin').as('admins'),
			eb.selectFrom('ai_models').select((e) => e.fn.countAll<number>().as('n')).where('is_active', '=', true).as('models'),
			eb.selectFrom('admin_toolbox_configs').select((e) => e.fn.countAll<number>().as('n')).as('tools'),
		])
		.executeTakeFirstOrThrow()
	return { users: Number(row.users), admins: Number(row.admins), models: Number(row.models), tools: Number(row.tools) }
}
