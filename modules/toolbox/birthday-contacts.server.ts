import type { Db, DbOrTrx } from '#modules/core/db.server.ts'
import type { Platform } from '#modules/publishing/descriptor.ts'
import { notifyChange } from '#modules/core/live-events.server.ts'
import { once } from '#modules/core/request-keys.server.ts'
import { BirthdayContactSchema, MAX_BIRTHDAY_CONTACTS } from './birthdays.ts'

export type BirthdayContact = {
	id: string
	name: string
	birthMonth: number
	birthDay: number
	birthYear: number | null
	platform: Platform
	note: string
}

const columns = ['id', 'name', 'birth_month', 'birth_day', 'birth_year', 'platform', 'note'] as const

function toContact(row: { id: string; name: string; birth_month: number; birth_day: number; birth_year: number | null; platform: string; note: string }): BirthdayContact {
	return {
		id: row.id,
		name: row.name,
		birthMonth: row.birth_month,
		birthDay: row.birth_day,
		birthYear: row.birth_year,
		platform: row.platform,
		note: row.note,
	}
}

/** The user's contacts, by next birthday in the calendar year (month, day), then name. */
export async function listBirthdayContacts(db: DbOrTrx, userId: string): Promise<Array<BirthdayContact>> {
	const rows = await db.selectFrom('birthday_contacts').select(columns).where('user_id', '=', userId).orderBy('birth_month').orderBy('birth_day').orderBy('name').execute()
	return rows.map(toContact)
}

/** Contacts whose birthday is one of the given 'MM-DD' days (the job asks for today, and 02-29 on 28 February). */
export async function contactsBornOn(db: DbOrTrx, userId: string, days: ReadonlyArray<{ month: number; day: number }>): Promise<Array<BirthdayContact>> {
	if (days.length === 0) return []
	const rows = await db
		.selectFrom('birthday_contacts')
		.select(columns)
		.where('user_id', '=', userId)
		.where((eb) => eb.or(days.map((d) => eb.and([eb('birth_month', '=', d.month), eb('birth_day', '=', d.day)]))))
		.orderBy('created_at')
		.execute()
	return rows.map(toContact)
}

export type AddContactResult = { ok: true; contact: BirthdayContact } | { ok: false; errors: Record<string, Array<string>> }

/**
 * Adds a contact (validated; at most MAX_BIRTHDAY_CONTACTS per user) once per request id: a retry
 * gets the contact of the first request. Errors are i18n keys of `toolbox`.
 */
export async function addBirthdayContact(db: Db, userId: string, input: unknown, requestId: string, isPlatform: (id: string) => boolean): Promise<AddContactResult> {
	const parsed = BirthdayContactSchema.safeParse(input)
	if (!parsed.success) {
		const errors: Record<string, Array<string>> = {}
		for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? '')] ??= []).push(issue.message)
		return { ok: false, errors }
	}
	if (!isPlatform(parsed.data.platform)) return { ok: false, errors: { platform: ['errors.platformsRequired'] } }
	const c = parsed.data
	const outcome = await once(
		db,
		{ userId, requestId, action: 'toolbox.add-contact', input: c },
		async (trx): Promise<AddContactResult> => {
			const { count } = await trx
				.selectFrom('birthday_contacts')
				.select((eb) => eb.fn.countAll<number>().as('count'))
				.where('user_id', '=', userId)
				.executeTakeFirstOrThrow()
			if (Number(count) >= MAX_BIRTHDAY_CONTACTS) return { ok: false, errors: { '': ['errors.tooManyContacts'] } }
			const row = await trx
				.insertInto('birthday_contacts')
				.values({ user_id: userId, name: c.name, birth_month: c.birthMonth, birth_day: c.birthDay, birth_year: c.birthYear ?? null, platform: c.platform, note: c.note })
				.returning(columns)
				.executeTakeFirstOrThrow()
			await notifyChange(trx, { userId, topic: 'toolbox' })
			return { ok: true, contact: toContact(row) }
		},
		(result) => result.ok,
	)
	return outcome.kind === 'conflict' ? { ok: false, errors: { '': ['errors.requestConflict'] } } : outcome.result
}

/** Removes one of the user's contacts; another user's id removes nothing. */
export async function removeBirthdayContact(db: DbOrTrx, userId: string, id: string): Promise<boolean> {
	if (!/^[0-9a-f-]{36}$/i.test(id)) return false
	const result = await db.deleteFrom('birthday_contacts').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()
	if (result.numDeletedRows > 0n) await notifyChange(db, { userId, topic: 'toolbox' })
	return result.numDeletedRows > 0n
}
