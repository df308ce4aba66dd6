import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import { parseToolConfigFile, seedToolboxConfigs, ToolConfigSchema } from '#modules/toolbox/index.ts'
import { runScript, scriptEnv } from '#tests/support/cli.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { formParser } from '#tests/support/forms.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'
import { testPlatforms } from '#tests/support/platforms.ts'

/** A user with a profile; as an actor, the audit rows name it. */
async function person(db: Kysely<DB>) {
	return { id: await userWithCredits(db, 0), email: 'admin@beispiel.ch' }
}

/** The dialog's form as a browser posts it, parsed exactly as the action does. */
const { valid, errors } = formParser(ToolConfigSchema, { disableAutoCoercion: true })

const form = { tool_name: 'newsletterDigest', display_name: 'Newsletter-Digest', description: 'Fasst zusammen.', icon: 'mail', category: 'content', config_schema: '{}', default_settings: '{"day": "monday"}', is_available: 'true' }

const hashtagDefaults = { maxHashtags: 30, trendingWeight: 0.7, nicheSpecific: true }

test('the dialog schema: JSON must parse as an object, category defaults to general, the switch is posted as text', () => {
	expect(valid(form)).toMatchObject({ tool_name: 'newsletterDigest', category: 'content', icon: 'mail', config_schema: {}, default_settings: { day: 'monday' }, is_available: true })
	expect(valid({ ...form, category: '', icon: '', config_schema: '', default_settings: '  ', is_available: 'false' })).toMatchObject({ category: 'general', icon: 'wrench', config_schema: {}, default_settings: {}, is_available: false })
	expect(errors({ ...form, config_schema: '{ kaputt' })).toMatchObject({ config_schema: ['form.errors.jsonInvalid'] })
	expect(errors({ ...form, default_settings: '[1, 2]' })).toMatchObject({ default_settings: ['form.errors.jsonObject'] })
	expect(errors({ ...form, default_settings: '"text"' })).toMatchObject({ default_settings: ['form.errors.jsonObject'] })
	expect(errors({ ...form, config_schema: `{"a": "${'x'.repeat(20_001)}"}` })).toMatchObject({ config_schema: ['form.errors.jsonTooLong'] })
	expect(errors({ ...form, category: 'sonstiges' })).toMatchObject({ category: ['form.errors.categoryInvalid'] })
	expect(errors({ ...form, icon: 'no-such-icon' })).toMatchObject({ icon: ['form.errors.iconInvalid'] })
	expect(errors({ ...form, tool_name: '1tool' })).toMatchObject({ tool_name: ['form.errors.toolNameFormat'] })
	expect(errors({ ...form, tool_name: ' ' })).toMatchObject({ tool_name: ['form.errors.toolNameRequired'] })
	expect(errors({ ...form, display_name: '' })).toMatchObject({ display_name: ['form.errors.displayNameRequired'] })
	expect(errors({ ...form, id: 'nicht-eine-uuid' })).toHaveProperty('id')
})

test("a known tool's default_settings are checked against the settings its automation reads", () => {
	const known = { ...form, tool_name: 'hashtagOptimizer', default_settings: JSON.stringify(hashtagDefaults) }
	expect(valid(known).default_settings).toEqual(hashtagDefaults)
	expect(errors({ ...known, default_settings: JSON.stringify({ ...hashtagDefaults, maxHashtags: 50 }) })).toMatchObject({ default_settings: ['form.errors.settingsField|maxHashtags|max'] })
	expect(errors({ ...known, default_settings: JSON.stringify({ ...hashtagDefaults, maxHashtags: 'viele' }) })).toMatchObject({ default_settings: ['form.errors.settingsField|maxHashtags|type_number'] })
	expect(errors({ ...known, default_settings: JSON.stringify({ trendingWeight: 0.7, nicheSpecific: true }) })).toMatchObject({ default_settings: ['form.errors.settingsMissing|maxHashtags'] })
	expect(errors({ ...known, default_settings: JSON.stringify({ ...hashtagDefaults, colour: 'blau' }) })).toMatchObject({ default_settings: ['form.errors.settingsUnknown|colour'] })
	expect(errors({ ...known, tool_name: 'birthdayWishes', default_settings: JSON.stringify({ scheduleTime: '25:00', personalMessage: true, platforms: ['linkedin'] }) })).toMatchObject({
		default_settings: ['form.errors.settingsField|scheduleTime|time'],
	})
	// An unknown tool takes any JSON object.
	expect(valid({ ...form, default_settings: JSON.stringify({ maxHashtags: 500, anything: [1, { b: null }] }) }).default_settings).toEqual({ maxHashtags: 500, anything: [1, { b: null }] })
})

test('the screen ensures the five defaults (on load and through the seed), idempotent; search and counters', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const first = await services.toolbox.configs.page('')
	expect(first.configs.map((c) => c.toolName).sort()).toEqual(['autoReply', 'autoRepost', 'birthdayWishes', 'eventPlanning', 'hashtagOptimizer'])
	expect(first.counts).toEqual({ total: 5, available: 5, categories: 4, engagement: 2 })
	expect(first.configs.every((c) => c.implemented)).toBe(true)

	// A removed default comes back on the next load; an admin's edit survives it.
	await t.db.deleteFrom('admin_toolbox_configs').where('tool_name', '=', 'autoReply').execute()
	await t.db.updateTable('admin_toolbox_configs').set({ display_name: 'Hashtags!' }).where('tool_name', '=', 'hashtagOptimizer').execute()
	const second = await services.toolbox.configs.page('')
	expect(second.counts.total).toBe(5)
	expect(second.configs.find((c) => c.toolName === 'hashtagOptimizer')?.displayName).toBe('Hashtags!')

	expect(await services.toolbox.configs.ensureDefaults()).toEqual({ inserted: 0, total: 5 })
	expect(await seedToolboxConfigs(t.db, testPlatforms.ids)).toEqual({ inserted: 0, total: 5 })
	await t.db.deleteFrom('admin_toolbox_configs').where('tool_name', 'in', ['autoRepost', 'eventPlanning']).execute()
	expect(await services.toolbox.configs.ensureDefaults()).toEqual({ inserted: 2, total: 5 })
	expect(await services.toolbox.configs.ensureDefaults()).toEqual({ inserted: 0, total: 5 })

	// Search: display name or category (its value or its German label), case-insensitive; counters stay over all.
	const byId = new Map(second.configs.map((c) => [c.id, c.toolName]))
	const names = async (q: string) => {
		const page = await services.toolbox.configs.page(q)
		return page.matchingIds.map((id) => byId.get(id) ?? page.configs.find((c) => c.id === id)?.toolName).sort()
	}
	expect(await names('ENGAGEMENT')).toEqual(['autoReply', 'birthdayWishes'])
	expect(await names('geburtstag')).toEqual(['birthdayWishes'])
	expect(await names('planung')).toEqual(['eventPlanning'])
	expect(await names('nichts dergleichen')).toEqual([])
	expect((await services.toolbox.configs.page('geburtstag')).counts.total).toBe(5)
})

test('create and edit: unique tool name (any case), name locked when editing, audit rows; users see only implemented tools', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const admin = await person(t.db)
	const user = await person(t.db)
	await services.toolbox.configs.ensureDefaults()
	const configs = services.toolbox.configs

	const created = await configs.save(admin, valid(form))
	expect(created).toMatchObject({ ok: true, created: true, toolName: 'newsletterDigest' })
	if (!created.ok) throw new Error('not created')
	const row = await t.db.selectFrom('admin_toolbox_configs').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow()
	expect(row).toMatchObject({ tool_name: 'newsletterDigest', display_name: 'Newsletter-Digest', category: 'content', icon: 'mail', config_schema: {}, default_settings: { day: 'monday' }, is_available: true, is_pro: false })

	expect(await configs.save(admin, valid({ ...form, tool_name: 'NewsletterDIGEST' }))).toEqual({ ok: false, error: 'toolNameTaken' })
	const repostDefaults = JSON.stringify({ minEngagement: 100, repostAfterDays: 30, platforms: ['linkedin'] })
	expect(await configs.save(admin, valid({ ...form, tool_name: 'autoRepost', default_settings: repostDefaults }))).toEqual({ ok: false, error: 'toolNameTaken' })
	expect(await configs.save(admin, valid({ ...form, id: created.id, tool_name: 'renamedTool' }))).toEqual({ ok: false, error: 'toolNameLocked' })
	expect(await configs.save(admin, valid({ ...form, id: randomUUID() }))).toEqual({ ok: false, error: 'notFound' })
	expect(await configs.save(admin, valid({ ...form, id: created.id, display_name: 'Digest', category: '' }))).toMatchObject({ ok: true, created: false })
	expect(await t.db.selectFrom('admin_toolbox_configs').select(['tool_name', 'display_name', 'category']).where('id', '=', created.id).executeTakeFirstOrThrow()).toEqual({
		tool_name: 'newsletterDigest',
		display_name: 'Digest',
		category: 'general',
	})
	const audit = await t.db.selectFrom('admin_audit_log').select(['action', 'admin_id']).where('target_id', '=', created.id).orderBy('created_at').execute()
	expect(audit.map((a) => a.action).sort()).toEqual(['toolbox_config.created', 'toolbox_config.updated'])
	expect(audit.every((a) => a.admin_id === admin.id)).toBe(true)

	// Editing a real tool keeps is_pro and features (not part of the dialog) and reaches the users' effective settings.
	const hashtag = (await configs.page('')).configs.find((c) => c.toolName === 'hashtagOptimizer')!
	const edit = valid({ ...form, id: hashtag.id, tool_name: 'hashtagOptimizer', display_name: 'Hashtag-Optimierer', icon: 'hash', category: 'optimierung', default_settings: JSON.stringify({ ...hashtagDefaults, maxHashtags: 12 }) })
	expect(await configs.save(admin, edit)).toMatchObject({ ok: true, created: false })
	expect(await services.toolbox.settings(user.id, 'hashtagOptimizer')).toEqual({ ...hashtagDefaults, maxHashtags: 12 })
	const stored = await t.db.selectFrom('admin_toolbox_configs').select(['is_pro', 'features']).where('id', '=', hashtag.id).executeTakeFirstOrThrow()
	expect(stored.features.length).toBeGreaterThan(0)

	// The user's toolbox shows the five implemented tools, never the new one.
	expect((await services.toolbox.list(user.id)).map((tool) => tool.toolName)).not.toContain('newsletterDigest')
	expect((await services.toolbox.list(user.id)).map((tool) => tool.toolName).sort()).toEqual(['autoReply', 'autoRepost', 'birthdayWishes', 'eventPlanning', 'hashtagOptimizer'])
})

test('switched unavailable by an admin, a tool cannot be switched on by users and stops counting as on', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const admin = await person(t.db)
	const user = await person(t.db)
	await services.toolbox.configs.ensureDefaults()
	expect(await services.toolbox.setEnabled(user.id, 'autoReply', true)).toEqual({ ok: true })
	const autoRepost = (await services.toolbox.configs.page('')).configs.find((c) => c.toolName === 'autoRepost')!
	const autoReply = (await services.toolbox.configs.page('')).configs.find((c) => c.toolName === 'autoReply')!

	expect(await services.toolbox.configs.setAvailable(admin, autoRepost.id, false)).toEqual({ toolName: 'autoRepost', displayName: 'Auto-Repost' })
	expect(await services.toolbox.configs.setAvailable(admin, autoReply.id, false)).toMatchObject({ toolName: 'autoReply' })
	expect(await services.toolbox.setEnabled(user.id, 'autoRepost', true)).toEqual({ ok: false, reason: 'unavailable' })
	const tools = await services.toolbox.list(user.id)
	expect(tools.find((tool) => tool.toolName === 'autoRepost')).toMatchObject({ isAvailable: false, isEnabled: false })
	expect(tools.find((tool) => tool.toolName === 'autoReply')).toMatchObject({ isAvailable: false, isEnabled: false })
	expect(await services.toolbox.isEnabled(user.id, 'autoReply')).toBe(false)
	expect((await services.toolbox.configs.page('')).counts.available).toBe(3)

	// Available again: the user's own switch is back as it was.
	await services.toolbox.configs.setAvailable(admin, autoReply.id, true)
	expect(await services.toolbox.isEnabled(user.id, 'autoReply')).toBe(true)
	expect(await services.toolbox.configs.setAvailable(admin, randomUUID(), true)).toBeNull()
	const audit = await t.db.selectFrom('admin_audit_log').select(['action', 'details']).where('target_id', '=', autoReply.id).execute()
	expect(audit).toHaveLength(2)
	expect(audit.every((a) => a.action === 'toolbox_config.availability_changed')).toBe(true)
})

test('the seed file: every entry checked (nothing written if one is wrong), upserts by tool_name, a second run changes nothing', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	await services.toolbox.configs.ensureDefaults()
	const actor = { id: null, email: 'cli:seed:tools' }
	const file = [
		{ tool_name: 'newsletterDigest', display_name: 'Newsletter-Digest', category: 'content', icon: 'mail', config_schema: { type: 'object' }, default_settings: { day: 'monday' } },
		{ tool_name: 'hashtagOptimizer', display_name: 'Hashtag-Optimierer', description: 'Neu beschrieben.', icon: 'hash', category: 'optimierung', default_settings: { ...hashtagDefaults, maxHashtags: 10 }, is_available: false },
	]

	const broken = parseToolConfigFile([...file, { tool_name: 'hashtagOptimizer', display_name: 'Doppelt', default_settings: hashtagDefaults }, { tool_name: 'x1', display_name: 'X', default_settings: '{ kaputt', features: [] }, 'kein Objekt'])
	expect(broken.ok).toBe(false)
	if (broken.ok) throw new Error('accepted')
	expect(broken.errors).toEqual([
		{ entry: 3, toolName: 'hashtagOptimizer', issues: [{ field: 'tool_name', message: 'cli.duplicate' }] },
		{ entry: 4, toolName: 'x1', issues: [{ field: 'features', message: 'cli.unknownField' }, { field: 'default_settings', message: 'form.errors.jsonInvalid' }] },
		{ entry: 5, toolName: null, issues: [{ field: '', message: 'cli.notObject' }] },
	])
	const knownWrong = parseToolConfigFile([{ ...file[1], default_settings: { maxHashtags: 99 } }])
	expect(knownWrong.ok ? [] : knownWrong.errors[0]!.issues.map((i) => i.message)).toContain('form.errors.settingsField|maxHashtags|max')
	expect(parseToolConfigFile({ tools: [] })).toMatchObject({ ok: false, errors: [{ entry: 0, issues: [{ message: 'cli.notArray' }] }] })

	const parsed = parseToolConfigFile(file)
	if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
	expect(await services.toolbox.configs.upsert(actor, parsed.entries)).toEqual({ ok: true, inserted: 1, updated: 1, unchanged: 0 })
	expect(await services.toolbox.configs.upsert(actor, parsed.entries)).toEqual({ ok: true, inserted: 0, updated: 0, unchanged: 2 })
	const rows = await t.db.selectFrom('admin_toolbox_configs').select(['tool_name', 'description', 'default_settings', 'is_available', 'is_pro']).where('tool_name', 'in', ['newsletterDigest', 'hashtagOptimizer']).orderBy('tool_name').execute()
	expect(rows).toEqual([
		{ tool_name: 'hashtagOptimizer', description: 'Neu beschrieben.', default_settings: { ...hashtagDefaults, maxHashtags: 10 }, is_available: false, is_pro: false },
		{ tool_name: 'newsletterDigest', description: '', default_settings: { day: 'monday' }, is_available: true, is_pro: false },
	])
	const audit = await t.db.selectFrom('admin_audit_log').select(['action', 'admin_id', 'admin_email']).execute()
	expect(audit).toHaveLength(2)
	expect(audit.every((a) => a.admin_id === null && a.admin_email === 'cli:seed:tools')).toBe(true)

	// A new name that differs from a stored one only in case: refused, nothing written.
	const clash = parseToolConfigFile([{ tool_name: 'brandNew', display_name: 'Neu' }, { tool_name: 'AUTOREPOST', display_name: 'Kopie' }])
	if (!clash.ok) throw new Error('rejected')
	expect(await services.toolbox.configs.upsert(actor, clash.entries)).toEqual({ ok: false, error: 'toolNameTaken', toolName: 'AUTOREPOST' })
	expect(await t.db.selectFrom('admin_toolbox_configs').select('id').where('tool_name', '=', 'brandNew').executeTakeFirst()).toBeUndefined()
})

test('npm run seed:tools: the defaults without a file; a file upserted once, refused whole when an entry is wrong', async ({ signal }) => {
	await using t = await createTestDatabase()
	const folder = await mkdtemp(path.join(tmpdir(), 'seed-tools-'))
	const run = (...args: Array<string>) => runScript('seed-tools.ts', args, { env: scriptEnv(t.url), signal })
	try {
		expect(await run()).toEqual({ code: 0, out: 'Toolbox-Tools: 5 hinzugefügt, 5 insgesamt.\n' })
		expect(await run()).toEqual({ code: 0, out: 'Toolbox-Tools: 0 hinzugefügt, 5 insgesamt.\n' })

		const good = path.join(folder, 'tools.json')
		await writeFile(good, JSON.stringify([{ tool_name: 'newsletterDigest', display_name: 'Newsletter-Digest', category: 'content', default_settings: { day: 'monday' } }]))
		expect(await run(good)).toEqual({ code: 0, out: 'Toolbox-Tools: 1 hinzugefügt, 0 geändert, 0 unverändert.\n' })
		expect(await run(good)).toEqual({ code: 0, out: 'Toolbox-Tools: 0 hinzugefügt, 0 geändert, 1 unverändert.\n' })

		const bad = path.join(folder, 'bad.json')
		await writeFile(bad, JSON.stringify([{ tool_name: 'anotherTool', display_name: 'Noch eins' }, { tool_name: 'hashtagOptimizer', display_name: 'Hashtags', default_settings: { maxHashtags: 99, trendingWeight: 0.5, nicheSpecific: true } }]))
		const refused = await run(bad)
		expect(refused.code).toBe(1)
		expect(refused.out).toContain('Eintrag 2 (hashtagOptimizer): default_settings: „maxHashtags“: Der Wert ist zu groß.')
		expect(refused.out).toContain('Nichts gespeichert')
		expect(await t.db.selectFrom('admin_toolbox_configs').select('id').where('tool_name', '=', 'anotherTool').executeTakeFirst()).toBeUndefined()

		await writeFile(bad, '{ kaputt')
		expect(await run(bad)).toMatchObject({ code: 1, out: expect.stringContaining('kein gültiges JSON') })
	} finally {
		await rm(folder, { recursive: true, force: true })
	}
})

test('delete (issue 20 defect 19): a custom configuration goes with an audit row; the five implemented tools are refused; users keep their settings', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const admin = await person(t.db)
	const user = await person(t.db)
	await services.toolbox.configs.ensureDefaults()
	const configs = services.toolbox.configs
	await services.toolbox.setEnabled(user.id, 'hashtagOptimizer', true)
	const before = await services.toolbox.list(user.id)

	const created = await configs.save(admin, valid(form))
	if (!created.ok) throw new Error('not created')
	expect(await configs.remove(admin, created.id)).toEqual({ ok: true, toolName: 'newsletterDigest', displayName: 'Newsletter-Digest' })
	expect(await t.db.selectFrom('admin_toolbox_configs').select('id').where('id', '=', created.id).execute()).toEqual([])
	const audit = await t.db.selectFrom('admin_audit_log').select(['action', 'admin_id']).where('target_id', '=', created.id).where('action', '=', 'toolbox_config.deleted').execute()
	expect(audit).toEqual([{ action: 'toolbox_config.deleted', admin_id: admin.id }])
	expect(await configs.remove(admin, created.id)).toEqual({ ok: false, error: 'notFound' })

	const hashtag = (await configs.page('')).configs.find((c) => c.toolName === 'hashtagOptimizer')!
	expect(await configs.remove(admin, hashtag.id)).toEqual({ ok: false, error: 'implemented' })
	expect((await configs.page('')).configs.some((c) => c.toolName === 'hashtagOptimizer')).toBe(true)
	expect(await services.toolbox.list(user.id)).toEqual(before)
})
