// 'Prompts verwalten': variables derived on the server, the five categories, search and counters,
// the status switch with its audit rows, and the generation really filling the prompt in use.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseWithZod } from '@conform-to/zod/v4'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { PROMPT_VARIABLES, PromptFormSchema, activePromptTemplates, detectVariables, unknownVariables, type PromptInput } from '#modules/generation/index.ts'
import { seedModelCatalogue } from '#modules/catalog/index.ts'
import { fillTemplate } from '#modules/generation/prompts.server.ts'
import { isAltTextRequest, startOpenAiFake } from '#tests/fakes/openai.ts'
import { startReplicateFake } from '#tests/fakes/replicate.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { adminActor, userWithCredits } from '#tests/support/users.ts'

let dataDir: string
beforeAll(async () => {
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-admin-prompts-'))
})
afterAll(async () => {
	await fs.rm(dataDir, { recursive: true, force: true })
})

/** The dialog's form as a browser posts it, parsed exactly as the action does. */
function parse(fields: Record<string, string>) {
	const formData = new FormData()
	for (const [key, value] of Object.entries(fields)) formData.append(key, value)
	return parseWithZod(formData, { schema: PromptFormSchema })
}

function valid(fields: Record<string, string>): PromptInput {
	const submission = parse(fields)
	if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
	return submission.value
}

test('variables are the words in curly braces, each once, in order; one function for the dialog, the save and the fill', () => {
	expect(detectVariables('Hallo {name}, {tone} und nochmals {name}! {Straße_2} { leer } {} {{doppelt}} {mit-strich}')).toEqual(['name', 'tone', 'Straße_2', 'doppelt'])
	expect(detectVariables('')).toEqual([])
	expect(unknownVariables('content_generation', ['agent_name', 'kundenname', 'tone'])).toEqual(['kundenname'])
	expect(unknownVariables('image_generation', ['headline', 'agent_name'])).toEqual(['agent_name'])
	// The categories no part of the product reads fill nothing.
	expect(unknownVariables('workflow', ['agent_name'])).toEqual(['agent_name'])
	expect(PROMPT_VARIABLES.enhanced_generation).toEqual([])
	// The generation fills what it knows and leaves the rest as written (also names of Object's prototype).
	expect(fillTemplate('{agent_name} für {Kunde} {constructor} {toString}', { agent_name: 'Mia' })).toBe('Mia für {Kunde} {constructor} {toString}')
})

test('the form: only the five categories; a name is required, the text is not; lengths; variables never come from the form', () => {
	expect(valid({ category: 'workflow', name: 'Leer' })).toEqual({ name: 'Leer', category: 'workflow', promptText: '', isActive: false })
	// Issue 20 defect 19: an empty or blank name is refused with the German message's key.
	for (const name of [undefined, '', '   ']) {
		const submission = parse(name === undefined ? { category: 'workflow' } : { category: 'workflow', name })
		expect(submission.status === 'error' ? submission.error : null).toMatchObject({ name: ['form.errors.nameRequired'] })
	}
	expect(valid({ category: 'image_generation', name: ' Bild ', promptText: ' {headline} ', isActive: 'on', variables: 'gefälscht' })).toEqual({
		name: 'Bild',
		category: 'image_generation',
		promptText: '{headline}',
		isActive: true,
	})
	for (const category of ['', 'content', 'CONTENT_GENERATION', 'video_generation']) {
		const submission = parse({ category, name: 'x' })
		expect(submission.status).toBe('error')
		expect(submission.status === 'error' ? submission.error : null).toMatchObject({ category: ['form.errors.categoryInvalid'] })
	}
	const tooLong = parse({ category: 'workflow', name: 'x'.repeat(201) })
	expect(tooLong.status === 'error' ? tooLong.error : null).toMatchObject({ name: ['form.errors.nameTooLong'] })
	const tooMany = parse({ category: 'workflow', name: 'x', promptText: Array.from({ length: 101 }, (_, i) => `{v${i}}`).join(' ') })
	expect(tooMany.status === 'error' ? tooMany.error : null).toMatchObject({ promptText: ['form.errors.tooManyVariables'] })
	const badId = parse({ category: 'workflow', name: 'x', id: 'keine-uuid' })
	expect(badId.status).toBe('error')
})

test('create and edit: variables derived from the text, unknown ones reported, an audit row each; an unknown id is not found', async () => {
	await using t = await createTestDatabase()
	const { prompts } = testServices(t.db).services.admin
	const actor = await adminActor(t.db)

	const created = await prompts.save(actor, valid({ name: 'System', category: 'content_generation', promptText: 'Du bist {agent_name} für {kundenname}. Ton: {tone}. {agent_name}', isActive: 'on' }))
	expect(created).toEqual({ ok: true, id: expect.any(String), created: true, variables: ['agent_name', 'kundenname', 'tone'], unknown: ['kundenname'] })
	if (!created.ok) throw new Error('not created')
	const row = await t.db.selectFrom('admin_prompts').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow()
	expect(row).toMatchObject({ name: 'System', category: 'content_generation', variables: ['agent_name', 'kundenname', 'tone'], is_active: true })

	const updated = await prompts.save(actor, valid({ id: created.id, name: 'System neu', category: 'image_generation', promptText: 'Bild zu {headline} ({aspect})' }))
	expect(updated).toEqual({ ok: true, id: created.id, created: false, variables: ['headline', 'aspect'], unknown: [] })
	expect(await t.db.selectFrom('admin_prompts').select(['name', 'category', 'variables', 'is_active']).where('id', '=', created.id).executeTakeFirstOrThrow()).toEqual({
		name: 'System neu',
		category: 'image_generation',
		variables: ['headline', 'aspect'],
		is_active: false,
	})

	// An empty text is allowed (a name is required).
	const empty = await prompts.save(actor, valid({ category: 'workflow', name: 'Ohne Text' }))
	expect(empty).toMatchObject({ ok: true, created: true, variables: [], unknown: [] })

	expect(await prompts.save(actor, valid({ id: randomUUID(), category: 'workflow', name: 'Unbekannt' }))).toEqual({ ok: false, error: 'not_found' })

	const audit = await t.db.selectFrom('admin_audit_log').select(['action', 'admin_id', 'target_type', 'target_id', 'details']).orderBy('created_at').orderBy('id').execute()
	expect(audit.map((a) => [a.action, a.target_id])).toEqual([
		['prompt.created', created.id],
		['prompt.updated', created.id],
		['prompt.created', empty.ok ? empty.id : ''],
	])
	expect(audit[0]).toMatchObject({ admin_id: actor.id, target_type: 'admin_prompt', details: { category: 'content_generation', unknown: ['kundenname'] } })
})

test('search by name or category, case-insensitive, wildcards literal; counters over all prompts; the status switch', async () => {
	await using t = await createTestDatabase()
	const { prompts } = testServices(t.db).services.admin
	const actor = await adminActor(t.db)
	const save = async (fields: Record<string, string>) => {
		const result = await prompts.save(actor, valid(fields))
		if (!result.ok) throw new Error('not saved')
		return result.id
	}
	const linkedin = await save({ name: 'LinkedIn Profi', category: 'platform_generation', promptText: '{platform} {style} {max_length} {hashtag_min} {hashtag_max}', isActive: 'on' })
	const image = await save({ name: 'Bildstil 100%', category: 'image_generation', promptText: '{headline}', isActive: 'on' })
	const draft = await save({ name: 'Entwurf', category: 'platform_generation', promptText: 'Kurz: {source}' })

	const all = await prompts.list()
	expect(all.counts).toEqual({ total: 3, active: 2, categories: 2 })
	expect(all.prompts.map((p) => p.id)).toEqual([draft, image, linkedin])
	expect(all.prompts[2]!.variables).toEqual(['platform', 'style', 'max_length', 'hashtag_min', 'hashtag_max'])

	const names = async (q: string) => (await prompts.list(q)).prompts.map((p) => p.name)
	expect(await names('linkedin')).toEqual(['LinkedIn Profi'])
	expect(await names('PROFI')).toEqual(['LinkedIn Profi'])
	expect(await names('Image_Gen')).toEqual(['Bildstil 100%'])
	expect(await names('platform')).toEqual(['Entwurf', 'LinkedIn Profi'])
	expect(await names('100%')).toEqual(['Bildstil 100%'])
	expect(await names('%')).toEqual(['Bildstil 100%'])
	expect(await names('Bildstil_100')).toEqual([])
	expect(await names('nichts')).toEqual([])
	// The counters do not follow the search.
	expect((await prompts.list('nichts')).counts).toEqual({ total: 3, active: 2, categories: 2 })

	expect(await prompts.setActive(actor, linkedin, false)).toBe(true)
	expect(await prompts.setActive(actor, draft, true)).toBe(true)
	expect(await prompts.setActive(actor, randomUUID(), true)).toBe(false)
	expect((await prompts.list()).counts).toEqual({ total: 3, active: 2, categories: 2 })
	const rows = await t.db.selectFrom('admin_prompts').select(['id', 'is_active']).execute()
	expect(Object.fromEntries(rows.map((r) => [r.id, r.is_active]))).toEqual({ [linkedin]: false, [image]: true, [draft]: true })
	const toggles = await t.db.selectFrom('admin_audit_log').select(['target_id', 'details']).where('action', '=', 'prompt.toggled').orderBy('created_at').orderBy('id').execute()
	expect(toggles).toEqual([
		{ target_id: linkedin, details: { name: 'LinkedIn Profi', category: 'platform_generation', is_active: false } },
		{ target_id: draft, details: { name: 'Entwurf', category: 'platform_generation', is_active: true } },
	])
})

test('the generation uses the newest active prompt of each category with its variables filled; switched off, the next one', async () => {
	await using t = await createTestDatabase()
	await using openai = await startOpenAiFake()
	await using replicate = await startReplicateFake()
	await seedModelCatalogue(t.db)
	const { services } = testServices(t.db, { DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url, REPLICATE_API_TOKEN: 'r8-test', REPLICATE_BASE_URL: replicate.url })
	const { prompts } = services.admin
	const actor = await adminActor(t.db)
	const save = async (fields: Record<string, string>) => {
		const result = await prompts.save(actor, valid({ isActive: 'on', ...fields }))
		if (!result.ok) throw new Error('not saved')
		return result.id
	}
	const older = await save({ name: 'Alt', category: 'content_generation', promptText: 'ALT {agent_name}' })
	const newer = await save({ name: 'Neu', category: 'content_generation', promptText: 'NEU {agent_name} für {target_audience}, {kundenname}' })
	await save({ name: 'Ausgeschaltet', category: 'content_generation', promptText: 'AUS {agent_name}', isActive: '' })
	await save({ name: 'Plattform', category: 'platform_generation', promptText: 'Schreibe für {platform} höchstens {max_length} Zeichen über: {source}' })
	await save({ name: 'Bild', category: 'image_generation', promptText: 'Bild {aspect} zu {headline}' })
	// An active prompt without text is not used.
	await save({ name: 'Leer', category: 'image_generation', promptText: '' })
	await save({ name: 'Nur gespeichert', category: 'workflow', promptText: 'Workflow {x}' })

	expect(Object.keys(await activePromptTemplates(t.db)).sort()).toEqual(['content_generation', 'image_generation', 'platform_generation', 'workflow'])
	// 'In Verwendung' only where the generation reads the category.
	expect((await prompts.list()).prompts.filter((p) => p.inUse).map((p) => p.name).sort()).toEqual(['Bild', 'Neu', 'Plattform'])

	const userId = await userWithCredits(t.db, 50)
	const generate = () =>
		services.generation.generate(userId, {
			requestId: randomUUID(),
			kind: 'smart-post',
			platforms: ['linkedin'],
			agentId: null,
			prompt: 'Kundenservice mit KI',
			url: '',
			notes: '',
			article: null,
			document: null,
			image: null,
			audio: null,
		})
	const outcome = await generate()
	if (!outcome.ok) throw new Error(outcome.code)
	const chat = openai.requests.filter((r) => r.path === '/v1/chat/completions' && !isAltTextRequest(r)).map((r) => (r.body as { messages: Array<{ role: string; content: string }> }).messages)
	expect(chat).toHaveLength(1)
	expect(chat[0]).toEqual([
		{ role: 'system', content: 'NEU Postwerk für Unternehmerinnen und Unternehmer, {kundenname}' },
		{ role: 'user', content: 'Schreibe für LinkedIn höchstens 3000 Zeichen über: Kundenservice mit KI' },
	])
	const predictions = replicate.requests.filter((r) => r.method === 'POST' && r.path.includes('/predictions')).map((r) => (r.body as { input: { prompt: string } }).input.prompt)
	expect(predictions).toEqual(['Bild 16:9 zu Kundenservice mit KI'])

	// Switched off, the next newest active one of the category is used.
	expect(await prompts.setActive(actor, newer, false)).toBe(true)
	openai.requests.length = 0
	const again = await generate()
	if (!again.ok) throw new Error(again.code)
	const system = openai.requests.filter((r) => r.path === '/v1/chat/completions' && !isAltTextRequest(r)).map((r) => (r.body as { messages: Array<{ content: string }> }).messages[0]!.content)
	expect(system).toEqual(['ALT Postwerk'])
	expect((await prompts.list()).prompts.find((p) => p.id === older)!.inUse).toBe(true)
})
