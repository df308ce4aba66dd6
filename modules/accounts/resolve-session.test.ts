import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { createDb, createPool } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { meta, testServices } from '#tests/support/services.ts'

test('resolveSession: the user for a valid token, null for an unknown one', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const email = `${randomUUID()}@beispiel.ch`
	await services.accounts.createConfirmedUser({ email, password: 'richtig-langes-Passwort', fullName: 'Anna Muster' })
	const signedIn = await services.accounts.signIn({ email, password: 'richtig-langes-Passwort' }, meta)
	if (!signedIn.ok) throw new Error('sign-in failed')

	expect(await services.accounts.resolveSession(signedIn.token)).toMatchObject({ email })
	expect(await services.accounts.resolveSession('unbekannt')).toBeNull()
})

test("resolveSession: 'unavailable' when the database cannot be reached, so the web layer answers 503", async () => {
	// Port 1 on loopback: nothing listens, the connection is refused at once.
	const pool = createPool('postgres://postwerk@127.0.0.1:1/postwerk')
	const { services } = testServices(createDb(pool))
	try {
		expect(await services.accounts.resolveSession('irgendein-token')).toBe('unavailable')
	} finally {
		await pool.end()
	}
})
