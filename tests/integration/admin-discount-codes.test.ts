import { randomUUID } from 'node:crypto'
import { parseWithZod } from '@conform-to/zod/v4'
import { expect, test } from 'vitest'
import { DiscountCodeFormSchema, DiscountCodeToggleSchema, generateDiscountCode, type DiscountCodeInput } from '#modules/billing/index.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { adminActor } from '#tests/support/users.ts'

/** The form as a browser posts it, parsed exactly as the action does. */
function parse(fields: Record<string, string>) {
	const formData = new FormData()
	for (const [key, value] of Object.entries(fields)) formData.append(key, value)
	return parseWithZod(formData, { schema: DiscountCodeFormSchema })
}

const base = { code: 'herbst10', discountType: 'percentage', discountValue: '10', minPurchaseAmount: '0', startsAt: '2026-11-23T10:00', isActive: 'on' }

function valid(fields: Record<string, string>): DiscountCodeInput {
	const submission = parse(fields)
	if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
	return submission.value
}

function errors(fields: Record<string, string>) {
	const submission = parse(fields)
	expect(submission.status).toBe('error')
	return submission.status === 'error' ? submission.error : null
}

test('the form schema: upper-casing, value limits, integers, empty means unlimited, expiry after start', () => {
	const value = valid({ ...base, description: ' Herbst ', maxUses: '', maxCredits: '' })
	expect(value).toMatchObject({ code: 'HERBST10', description: 'Herbst', discountValue: 10, maxUses: undefined, maxCredits: undefined, isActive: true })
	expect(valid({ ...base, isActive: '' }).isActive).toBe(false)
	expect(valid({ ...base, startsAt: '2026-11-23T10:00:45' }).startsAt).toBe('2026-11-23T10:00')

	expect(errors({ ...base, code: '  ' })).toMatchObject({ code: ['form.errors.codeRequired'] })
	expect(errors({ ...base, code: '' })).toMatchObject({ code: ['form.errors.codeRequired'] })
	expect(errors({ ...base, code: 'ÄÖÜ 1' })).toMatchObject({ code: ['form.errors.codeChars'] })
	expect(errors({ ...base, discountValue: '100.5' })).toMatchObject({ discountValue: ['form.errors.percentMax'] })
	expect(valid({ ...base, discountValue: '100' }).discountValue).toBe(100)
	expect(valid({ ...base, discountType: 'fixed_amount', discountValue: '150' }).discountValue).toBe(150)
	expect(errors({ ...base, discountValue: '0' })).toMatchObject({ discountValue: ['form.errors.valuePositive'] })
	expect(errors({ ...base, discountType: 'fixed_amount', discountValue: '-1' })).toMatchObject({ discountValue: ['form.errors.valuePositive'] })
	expect(errors({ ...base, discountValue: '' })).toMatchObject({ discountValue: ['form.errors.valueRequired'] })
	expect(errors({ ...base, discountValue: 'abc' })).toHaveProperty('discountValue')
	expect(errors({ ...base, discountValue: '1.005' })).toMatchObject({ discountValue: ['form.errors.valueStep'] })
	expect(errors({ ...base, discountType: 'free' })).toMatchObject({ discountType: ['form.errors.typeInvalid'] })
	expect(errors({ ...base, minPurchaseAmount: '-0.01' })).toMatchObject({ minPurchaseAmount: ['form.errors.minPurchaseInvalid'] })
	expect(errors({ ...base, maxUses: '0' })).toMatchObject({ maxUses: ['form.errors.integerMin1'] })
	expect(errors({ ...base, maxCredits: '1.5' })).toMatchObject({ maxCredits: ['form.errors.integerMin1'] })
	expect(errors({ ...base, startsAt: '2026-02-30T10:00' })).toMatchObject({ startsAt: ['form.errors.dateInvalid'] })
	expect(errors({ ...base, expiresAt: '2026-11-23T10:00' })).toMatchObject({ expiresAt: ['form.errors.expiryBeforeStart'] })
	expect(errors({ ...base, id: 'not-a-uuid' })).toHaveProperty('id')
})

test('generated codes have 8 characters from A-Z and 0-9', () => {
	const codes = Array.from({ length: 200 }, () => generateDiscountCode())
	for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/)
	expect(new Set(codes).size).toBe(200)
})

test('create, update, toggle and delete: unique codes, times in the admin time zone, an audit row each', async () => {
	await using t = await createTestDatabase()
	const { billing } = testServices(t.db).services
	const actor = await adminActor(t.db)
	const codes = billing.discountCodes

	const created = await codes.save(actor, valid({ ...base, maxUses: '5', expiresAt: '2026-12-31T23:59' }), 'Europe/Zurich')
	expect(created).toMatchObject({ ok: true, created: true, code: 'HERBST10' })
	if (!created.ok) throw new Error('not created')
	const row = await t.db.selectFrom('discount_codes').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow()
	expect(row).toMatchObject({ code: 'HERBST10', discount_type: 'percentage', max_uses: 5, max_credits: null, is_active: true, created_by: actor.id })
	expect(row.starts_at.toISOString()).toBe('2026-11-23T09:00:00.000Z') // 10:00 in Zurich (winter time)
	expect(row.expires_at?.toISOString()).toBe('2026-12-31T22:59:00.000Z')

	// The same code again (any case) is refused, and nothing is written.
	expect(await codes.save(actor, valid({ ...base, code: 'Herbst10' }), 'Europe/Zurich')).toEqual({ ok: false, error: 'codeTaken' })
	const other = await codes.save(actor, valid({ ...base, code: 'WINTER', discountType: 'fixed_amount', discountValue: '5.50', minPurchaseAmount: '20' }), 'Europe/Zurich')
	if (!other.ok) throw new Error('not created')
	expect(await codes.save(actor, valid({ ...base, id: other.id, code: 'HERBST10' }), 'Europe/Zurich')).toEqual({ ok: false, error: 'codeTaken' })
	expect(await codes.save(actor, valid({ ...base, id: randomUUID(), code: 'NEU' }), 'Europe/Zurich')).toEqual({ ok: false, error: 'notFound' })

	const updated = await codes.save(actor, valid({ ...base, id: created.id, code: 'herbst20', discountValue: '20', maxUses: '' }), 'Europe/Zurich')
	expect(updated).toMatchObject({ ok: true, created: false, code: 'HERBST20' })

	const list = await codes.list('Europe/Zurich')
	expect(list.map((c) => c.code).sort()).toEqual(['HERBST20', 'WINTER'])
	const herbst = list.find((c) => c.code === 'HERBST20')!
	expect(herbst).toMatchObject({ discountValue: 20, maxUses: null, expiresAt: null, startsAtLocal: '2026-11-23T10:00', isActive: true })
	const winter = list.find((c) => c.code === 'WINTER')!
	expect(winter).toMatchObject({ discountType: 'fixed_amount', discountValue: 5.5, minPurchaseAmount: 20 })

	expect(await codes.setActive(actor, created.id, false)).toBe(true)
	expect(await codes.setActive(actor, randomUUID(), false)).toBe(false)
	expect((await t.db.selectFrom('discount_codes').select('is_active').where('id', '=', created.id).executeTakeFirstOrThrow()).is_active).toBe(false)

	expect(await codes.remove(actor, other.id)).toBe(true)
	expect(await codes.remove(actor, other.id)).toBe(false)

	const audit = await t.db.selectFrom('admin_audit_log').select(['admin_id', 'admin_email', 'action', 'target_type', 'target_id']).orderBy('created_at').orderBy('id').execute()
	expect(audit.map((a) => a.action)).toEqual(['discount_code.created', 'discount_code.created', 'discount_code.updated', 'discount_code.toggled', 'discount_code.deleted'])
	expect(audit.every((a) => a.admin_id === actor.id && a.admin_email === actor.email && a.target_type === 'discount_code')).toBe(true)
	expect(audit.at(-1)?.target_id).toBe(other.id)
})

test('start defaults to now (to the minute); a code created here is honoured by /pricing until it is switched off', async () => {
	await using t = await createTestDatabase()
	const { billing } = testServices(t.db).services
	const actor = await adminActor(t.db)
	const { startsAt: _s, ...rest } = base
	const saved = await billing.discountCodes.save(actor, valid({ ...rest, code: 'JETZT10' }), 'Europe/Zurich')
	if (!saved.ok) throw new Error('not created')
	const row = await t.db.selectFrom('discount_codes').select('starts_at').where('id', '=', saved.id).executeTakeFirstOrThrow()
	expect(row.starts_at.getUTCSeconds()).toBe(0)
	expect(Math.abs(row.starts_at.getTime() - Date.now())).toBeLessThan(2 * 60_000)

	const check = () => billing.validateDiscount({ code: 'jetzt10', item: { kind: 'pack', id: 'credits_200' } })
	expect(await check()).toMatchObject({ valid: true, discount_amount: 2, final_amount: 17.95 })
	await billing.discountCodes.setActive(actor, saved.id, false)
	expect(await check()).toMatchObject({ valid: false, error: 'Der eingegebene Code ist nicht gültig.' })

	// A start in the future shows 'Noch nicht gestartet'; a past expiry 'Abgelaufen'.
	await billing.discountCodes.save(actor, valid({ ...base, code: 'SPAETER', startsAt: '2099-01-01T00:00' }), 'Europe/Zurich')
	await billing.discountCodes.save(actor, valid({ ...base, code: 'ALT', startsAt: '2020-01-01T00:00', expiresAt: '2020-02-01T00:00' }), 'Europe/Zurich')
	const list = await billing.discountCodes.list('Europe/Zurich')
	expect(list.find((c) => c.code === 'SPAETER')).toMatchObject({ notStarted: true, expired: false })
	expect(list.find((c) => c.code === 'ALT')).toMatchObject({ notStarted: false, expired: true })
	expect(list.find((c) => c.code === 'JETZT10')).toMatchObject({ notStarted: false, expired: false, isActive: false })
})

test('the toggle form reads active=true/false; anything else is refused', () => {
	const toggle = (fields: Record<string, string>) => {
		const formData = new FormData()
		for (const [key, value] of Object.entries(fields)) formData.append(key, value)
		return parseWithZod(formData, { schema: DiscountCodeToggleSchema })
	}
	const id = randomUUID()
	expect(toggle({ id, active: 'false' })).toMatchObject({ status: 'success', value: { id, active: false } })
	expect(toggle({ id, active: 'true' })).toMatchObject({ status: 'success', value: { id, active: true } })
	expect(toggle({ id, active: 'ja' }).status).toBe('error')
	expect(toggle({ id: 'x', active: 'true' }).status).toBe('error')
})
