import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { AiModelFileEntrySchema, AiModelFormSchema, modelCatalogue } from '#modules/catalog/index.ts'
import type { DB } from '#modules/core/db.server.ts'
import { keyOfMediaUrl } from '#modules/core/files.server.ts'
import { runScript, scriptEnv } from '#tests/support/cli.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

/** The acting admin (the audit log keeps the e-mail as given). */
async function admin(db: Kysely<DB>) {
	return { id: await userWithCredits(db, 0), email: 'admin@beispiel.ch' }
}

/** The dialog's form as a browser posts it (an empty file input included), parsed exactly as the action does. */
function parse(fields: Record<string, string | Array<string>>) {
	const formData = new FormData()
	for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) formData.append(key, item)
	if (!('preview' in fields)) formData.append('preview', new File([], ''))
	return parseWithZod(formData, { schema: AiModelFormSchema })
}

function valid(fields: Record<string, string | Array<string>>) {
	const submission = parse(fields)
	if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
	return submission.value
}

function errors(fields: Record<string, string | Array<string>>) {
	const submission = parse(fields)
	expect(submission.status).toBe('error')
	return submission.status === 'error' ? submission.error : null
}

const image = { name: 'Testbild Pro', model_id: 'testbild-pro', category: 'image', provider: 'local', credits_cost: '3', recommendation_level: '2', features: 'Schnell\nScharf', api_parameters: '{"quality": "hoch"}', is_active: 'on', aspect_ratios: ['1:1', '16:9'], sort_order: '5' }
const video = {
	name: 'Testvideo',
	model_id: 'testvideo-1',
	category: 'video',
	provider: 'replicate',
	is_active: 'on',
	supported_formats: ['16:9', '9:16'],
	supported_resolutions: ['720p', '1080p'],
	'resolution_credits.720p': '1.5',
	'resolution_credits.1080p': '3',
	fixed_durations: '10, 5',
	video_duration_min: '1',
	video_duration_max: '30',
	supports_audio: 'on',
}

test('section 5: each rule of the admin model form with its German message key', () => {
	const created = valid(image)
	expect(created.model).toMatchObject({ credits_cost: 3, recommendation_level: 2, features: ['Schnell', 'Scharf'], api_parameters: { quality: 'hoch' }, aspect_ratios: ['1:1', '16:9'], supported_formats: [], video_duration_min: null, sort_order: 5 })
	expect(valid({ ...image, is_active: '' }).model.is_active).toBe(false)
	expect(valid({ ...image, api_parameters: '' }).model.api_parameters).toEqual({})

	// API parameters must be valid JSON (an object).
	expect(errors({ ...image, api_parameters: '{"quality": ' })).toMatchObject({ api_parameters: ['form.errors.apiParametersJson'] })
	expect(errors({ ...image, api_parameters: '[1, 2]' })).toMatchObject({ api_parameters: ['form.errors.apiParametersObject'] })
	// credits_cost at least 1, required except for video (hidden there; the default 2 when a file leaves it out).
	expect(errors({ ...image, credits_cost: '0' })).toMatchObject({ credits_cost: ['form.errors.creditsMin'] })
	expect(errors({ ...image, credits_cost: '1.5' })).toMatchObject({ credits_cost: ['form.errors.creditsInvalid'] })
	expect(errors({ ...image, credits_cost: '' })).toMatchObject({ credits_cost: ['form.errors.creditsRequired'] })
	const clip = valid(video).model
	expect(clip).toMatchObject({ credits_cost: 2, fixed_durations: [5, 10], video_duration_min: 1, video_duration_max: 30, resolution_credits: { '720p': 1.5, '1080p': 3 }, supports_audio: true, aspect_ratios: [] })
	// Video durations at least 1, min <= max.
	expect(errors({ ...video, video_duration_min: '0' })).toMatchObject({ video_duration_min: ['form.errors.durationMin'] })
	expect(errors({ ...video, video_duration_max: '0' })).toMatchObject({ video_duration_max: ['form.errors.durationMin'] })
	expect(errors({ ...video, video_duration_min: '20', video_duration_max: '10' })).toMatchObject({ video_duration_max: ['form.errors.durationRange'] })
	expect(valid({ ...video, video_duration_min: '8', video_duration_max: '8' }).model.video_duration_max).toBe(8)
	expect(errors({ ...video, video_duration_min: '' })).toMatchObject({ video_duration_min: ['form.errors.durationRequired'] })
	// Fixed durations positive and unique.
	expect(errors({ ...video, fixed_durations: '5, 10, 5' })).toMatchObject({ fixed_durations: ['form.errors.fixedDurationsUnique'] })
	expect(errors({ ...video, fixed_durations: '5, 0' })).toMatchObject({ 'fixed_durations[1]': ['form.errors.fixedDurationsInvalid'] })
	expect(errors({ ...video, fixed_durations: '5, -3' })).toMatchObject({ 'fixed_durations[1]': ['form.errors.fixedDurationsInvalid'] })
	expect(errors({ ...video, fixed_durations: '2.5' })).toMatchObject({ 'fixed_durations[0]': ['form.errors.fixedDurationsInvalid'] })
	expect(valid({ ...video, fixed_durations: '' }).model.fixed_durations).toEqual([])
	// Per-resolution credits at least 0.1 in steps of 0.1, one for every offered resolution.
	expect(errors({ ...video, 'resolution_credits.720p': '0.05' })).toMatchObject({ 'resolution_credits.720p': ['form.errors.resolutionCreditsMin', 'form.errors.resolutionCreditsStep'] })
	expect(errors({ ...video, 'resolution_credits.720p': '0' })).toMatchObject({ 'resolution_credits.720p': ['form.errors.resolutionCreditsMin'] })
	expect(errors({ ...video, 'resolution_credits.720p': '1.25' })).toMatchObject({ 'resolution_credits.720p': ['form.errors.resolutionCreditsStep'] })
	expect(valid({ ...video, 'resolution_credits.720p': '0.1' }).model.resolution_credits['720p']).toBe(0.1)
	expect(valid({ ...video, 'resolution_credits.720p': '2.3' }).model.resolution_credits['720p']).toBe(2.3)
	expect(errors({ ...video, 'resolution_credits.1080p': '' })).toMatchObject({ 'resolution_credits.1080p': ['form.errors.resolutionCreditsRequired'] })
	// Issue 20 defect 19: a video model needs at least one resolution and one format.
	const { supported_resolutions: _resolutions, 'resolution_credits.720p': _r720, 'resolution_credits.1080p': _r1080, ...withoutResolutions } = video
	expect(errors(withoutResolutions)).toMatchObject({ supported_resolutions: ['form.errors.resolutionRequired'] })
	const { supported_formats: _formats, ...withoutFormats } = video
	expect(errors(withoutFormats)).toMatchObject({ supported_formats: ['form.errors.formatRequired'] })
	// A price for a resolution that is not offered is dropped.
	expect(valid({ ...video, 'resolution_credits.4K': '9' }).model.resolution_credits).toEqual({ '720p': 1.5, '1080p': 3 })
	// The columns' own rules, so the database never answers with a 500.
	expect(errors({ ...image, provider: 'Open AI' })).toMatchObject({ provider: ['form.errors.providerInvalid'] })
	expect(errors({ ...image, model_id: 'a, b' })).toMatchObject({ model_id: ['form.errors.modelIdChars'] })
	expect(errors({ ...image, name: ' ' })).toMatchObject({ name: ['form.errors.nameRequired'] })
	expect(errors({ ...image, category: 'audio' })).toMatchObject({ category: ['form.errors.categoryInvalid'] })
	expect(errors({ ...image, recommendation_level: '4' })).toMatchObject({ recommendation_level: ['form.errors.levelInvalid'] })
	expect(errors({ ...image, aspect_ratios: ['7:3'] })).toHaveProperty(['aspect_ratios[0]'])
	expect(errors({ ...image, api_endpoint: 'javascript:alert(1)' })).toMatchObject({ api_endpoint: ['form.errors.apiEndpointInvalid'] })
	expect(errors({ ...image, id: 'kein-uuid' })).toMatchObject({ id: ['form.errors.idInvalid'] })
	// Every seeded model passes the same rules, so an admin can save it unchanged.
	for (const seeded of modelCatalogue) expect(AiModelFileEntrySchema.safeParse(seeded).error?.issues ?? []).toEqual([])
	// Video fields are cleared for other categories.
	expect(valid({ ...video, category: 'language', credits_cost: '1' }).model).toMatchObject({ supported_resolutions: [], resolution_credits: {}, fixed_durations: [], video_duration_min: null, supports_audio: false })
})

async function png(width = 64, height = 32) {
	return new Uint8Array(await sharp({ create: { width, height, channels: 4, background: '#0f766e' } }).png().toBuffer())
}

test('create, edit and delete: unique model_id, audit rows, the gallery sees every change at once, agents fall back', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const models = services.catalog.adminModels
	const actor = await admin(t.db)
	const userId = await userWithCredits(t.db, 20)
	const inGallery = async (category: 'image' | 'video' = 'image') => (await services.catalog.gallery(userId, { category, sort: 'default' })).models

	const created = await models.save(actor, { model: valid(image).model })
	expect(created).toMatchObject({ ok: true, created: true, name: 'Testbild Pro' })
	if (!created.ok) throw new Error('not created')
	expect((await inGallery()).map((m) => [m.modelId, m.name, m.creditsCost, m.recommendationLevel])).toEqual([['testbild-pro', 'Testbild Pro', 3, 2]])
	expect(await models.list('image')).toHaveLength(1)
	expect(await models.list('video')).toHaveLength(0)
	expect((await models.list(null))[0]).toMatchObject({ id: created.id, model_id: 'testbild-pro', api_parameters: { quality: 'hoch' }, like_count: 0, preview_image_url: null })

	// The same model id again (create or rename another one to it): a field error, no 500.
	expect(await models.save(actor, { model: valid({ ...image, name: 'Doppelt' }).model })).toEqual({ ok: false, error: 'modelIdTaken' })
	const other = await models.save(actor, { model: valid({ ...image, name: 'Zweites Bild', model_id: 'zweites-bild' }).model })
	if (!other.ok) throw new Error('not created')
	expect(await models.save(actor, { id: other.id, model: valid(image).model })).toEqual({ ok: false, error: 'modelIdTaken' })
	expect(await models.save(actor, { id: randomUUID(), model: valid({ ...image, model_id: 'neu' }).model })).toEqual({ ok: false, error: 'notFound' })

	// A user likes it; an agent uses it.
	expect(await services.catalog.setLike(userId, created.id, true)).toMatchObject({ ok: true, likeCount: 1 })
	const agent = await services.agents.createPreset(userId, 'Agent', randomUUID())
	if (!agent.ok) throw new Error('no agent')
	await t.db.updateTable('agent_configurations').set({ image_model: 'testbild-pro' }).where('id', '=', agent.agent.id).execute()
	expect((await services.generation.creatorData(userId)).agents[0]!.image).toMatchObject({ modelId: 'testbild-pro', name: 'Testbild Pro', cost: 3 })

	// Edited: name and price show at once; likes are kept.
	const edited = await models.save(actor, { id: created.id, model: valid({ ...image, name: 'Testbild Ultra', credits_cost: '4' }).model })
	expect(edited).toMatchObject({ ok: true, created: false, name: 'Testbild Ultra' })
	expect((await inGallery()).find((m) => m.modelId === 'testbild-pro')).toMatchObject({ name: 'Testbild Ultra', creditsCost: 4, likeCount: 1, liked: true })
	// Switched off: gone from the gallery, still in the admin list.
	await models.save(actor, { id: created.id, model: valid({ ...image, is_active: '' }).model })
	expect((await inGallery()).map((m) => m.modelId)).toEqual(['zweites-bild'])
	expect((await models.list('image')).map((m) => [m.model_id, m.is_active])).toEqual([
		['testbild-pro', false],
		['zweites-bild', true],
	])

	// A model test ran on it.
	await t.db.insertInto('model_tests').values({ user_id: userId, ai_model_id: created.id, model_id: 'testbild-pro', category: 'image', prompt: 'Ein Test', status: 'succeeded' }).execute()

	expect(await models.remove(actor, created.id)).toBe(true)
	expect(await models.remove(actor, created.id)).toBe(false)
	expect(await t.db.selectFrom('ai_models').select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined()
	expect(await t.db.selectFrom('user_model_likes').select('id').where('model_id', '=', created.id).execute()).toEqual([])
	expect(await t.db.selectFrom('model_tests').select(['ai_model_id', 'model_id']).where('user_id', '=', userId).execute()).toEqual([{ ai_model_id: null, model_id: 'testbild-pro' }])
	// The agent still names the deleted model: the creator falls back to the cost of an unknown model.
	expect((await services.generation.creatorData(userId)).agents[0]!.image).toMatchObject({ modelId: 'testbild-pro', name: 'testbild-pro', cost: 2 })

	const audit = await t.db.selectFrom('admin_audit_log').select(['action', 'admin_id']).where('target_id', '=', created.id).orderBy('created_at').orderBy('id').execute()
	expect(audit).toEqual([
		{ action: 'ai_model.created', admin_id: actor.id },
		{ action: 'ai_model.updated', admin_id: actor.id },
		{ action: 'ai_model.updated', admin_id: actor.id },
		{ action: 'ai_model.deleted', admin_id: actor.id },
	])
})

test('the preview image is judged by its content: a PNG named .txt is stored re-encoded, a text named .png is refused', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const models = services.catalog.adminModels
	const actor = await admin(t.db)

	// A text file named .png: refused, nothing saved.
	const refused = await models.save(actor, { model: valid(image).model, preview: { name: 'bild.png', bytes: new TextEncoder().encode('Das ist kein Bild, nur Text.\n') } })
	expect(refused).toEqual({ ok: false, error: 'previewType' })
	expect(await models.list(null)).toEqual([])
	const tooLarge = await models.save(actor, { model: valid(image).model, preview: { name: 'gross.png', bytes: new Uint8Array(10 * 1024 * 1024 + 1) } })
	expect(tooLarge).toEqual({ ok: false, error: 'previewTooLarge' })

	// A PNG named .txt: accepted by its content, stored as JPEG under previews/.
	const saved = await models.save(actor, { model: valid(image).model, preview: { name: 'notizen.txt', bytes: await png() } })
	if (!saved.ok) throw new Error(saved.error)
	expect(saved.previewImageUrl).toMatch(/^\/media\/previews\/[0-9a-f-]{36}\.jpg$/)
	const key = keyOfMediaUrl(saved.previewImageUrl!, '')!
	const file = await services.files.get(key)
	expect(file?.contentType).toBe('image/jpeg')
	expect((await sharp(file!.bytes).metadata()).format).toBe('jpeg')
	expect(await t.db.selectFrom('uploads').select(['user_id', 'kind', 'original_name']).where('storage_key', '=', key).execute()).toEqual([{ user_id: actor.id, kind: 'model_preview', original_name: 'notizen.txt' }])
	const { services: viewer } = testServices(t.db)
	const userId = await userWithCredits(t.db, 0)
	expect((await viewer.catalog.gallery(userId, { category: 'image', sort: 'default' })).models[0]!.previewImageUrl).toBe(saved.previewImageUrl)

	// Saving without a new image keeps it; a new image replaces it (the old file is deleted); removing clears it.
	expect(await models.save(actor, { id: saved.id, model: valid({ ...image, name: 'Neu' }).model })).toMatchObject({ ok: true, previewImageUrl: saved.previewImageUrl })
	const replaced = await models.save(actor, { id: saved.id, model: valid(image).model, preview: { name: 'neu.png', bytes: await png(40, 40) } })
	if (!replaced.ok) throw new Error(replaced.error)
	expect(replaced.previewImageUrl).not.toBe(saved.previewImageUrl)
	expect(await services.files.get(key)).toBeNull()
	expect(await t.db.selectFrom('uploads').select('id').where('storage_key', '=', key).execute()).toEqual([])
	const second = keyOfMediaUrl(replaced.previewImageUrl!, '')!
	expect(await models.save(actor, { id: saved.id, model: valid(image).model, removePreview: true })).toMatchObject({ ok: true, previewImageUrl: null })
	expect(await services.files.get(second)).toBeNull()

	// Deleting a model deletes its preview file.
	const again = await models.save(actor, { id: saved.id, model: valid(image).model, preview: { name: 'x.webp', bytes: new Uint8Array(await sharp(await png()).webp().toBuffer()) } })
	if (!again.ok) throw new Error(again.error)
	await models.remove(actor, saved.id)
	expect(await services.files.get(keyOfMediaUrl(again.previewImageUrl!, '')!)).toBeNull()
})

const fileEntries = (): Array<Record<string, unknown>> => [
	...modelCatalogue.filter((m) => m.model_id === 'gpt-4o' || m.model_id === 'seedance-1-pro'),
	{ category: 'image', model_id: 'eigenes-bild', name: 'Eigenes Bild', provider: 'local', credits_cost: 2, aspect_ratios: ['1:1'], preview_image_url: 'https://cdn.beispiel.ch/vorschau.webp' },
]

const columns = (db: Kysely<DB>) => db.selectFrom('ai_models').selectAll().orderBy('model_id').execute()

test('seed:models upserts by model_id in one transaction: idempotent, updates existing models, keeps likes and previews, all or nothing', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const cli = { id: null, email: 'cli:seed:models' }
	const importEntries = services.catalog.adminModels.importEntries

	expect(await importEntries(cli, fileEntries())).toEqual({ ok: true, added: 3, updated: 0, unchanged: 0 })
	const first = await columns(t.db)
	expect(first.map((m) => m.model_id)).toEqual(['eigenes-bild', 'gpt-4o', 'seedance-1-pro'])
	expect(first.find((m) => m.model_id === 'seedance-1-pro')).toMatchObject({ resolution_credits: { '480p': 1, '720p': 2, '1080p': 3 }, fixed_durations: [5, 10], is_active: true })
	// Run twice: the same rows, nothing written, no audit rows.
	expect(await importEntries(cli, fileEntries())).toEqual({ ok: true, added: 0, updated: 0, unchanged: 3 })
	expect(await columns(t.db)).toEqual(first)
	expect(await t.db.selectFrom('admin_audit_log').select('action').execute()).toHaveLength(3)

	// A user's like survives an update; an entry without preview_image_url keeps the stored one.
	const userId = await userWithCredits(t.db, 0)
	const gpt = first.find((m) => m.model_id === 'gpt-4o')!
	await services.catalog.setLike(userId, gpt.id, true)
	const changed = fileEntries().map((entry) => (entry.model_id === 'gpt-4o' ? { ...entry, credits_cost: 7 } : entry.model_id === 'eigenes-bild' ? { ...entry, preview_image_url: undefined } : entry))
	expect(await importEntries(cli, changed)).toEqual({ ok: true, added: 0, updated: 1, unchanged: 2 })
	const after = await columns(t.db)
	expect(after.find((m) => m.model_id === 'gpt-4o')).toMatchObject({ id: gpt.id, credits_cost: 7, like_count: 1 })
	expect(after.find((m) => m.model_id === 'eigenes-bild')!.preview_image_url).toBe('https://cdn.beispiel.ch/vorschau.webp')
	expect(await t.db.selectFrom('admin_audit_log').select(['action', 'admin_id', 'admin_email']).where('target_id', '=', gpt.id).orderBy('created_at').orderBy('id').execute()).toEqual([
		{ action: 'ai_model.created', admin_id: null, admin_email: 'cli:seed:models' },
		{ action: 'ai_model.updated', admin_id: null, admin_email: 'cli:seed:models' },
	])

	// One invalid entry: nothing is written, and the problem names the entry and the field.
	const broken = [...changed.map((entry) => ({ ...entry, sort_order: 99 })), { category: 'video', model_id: 'kaputt', name: 'Kaputt', provider: 'local', video_duration_min: 10, video_duration_max: 5 }]
	const refused = await importEntries(cli, broken)
	expect(refused).toEqual({ ok: false, problems: [{ entry: 4, modelId: 'kaputt', field: 'video_duration_max', message: 'form.errors.durationRange' }] })
	expect(await columns(t.db)).toEqual(after)
	expect(await importEntries(cli, [...fileEntries(), fileEntries()[0]])).toMatchObject({ ok: false, problems: [{ entry: 4, field: 'model_id', message: 'import.duplicate' }] })
	expect(await importEntries(cli, { models: [] })).toMatchObject({ ok: false, problems: [{ message: 'import.notAnArray' }] })
})

test('npm run seed:models -- <file> prints the counts, refuses an invalid file with the entry and field in German (exit 1)', async ({ signal }) => {
	await using t = await createTestDatabase()
	const folder = await mkdtemp(path.join(os.tmpdir(), 'seed-models-'))
	const run = (...args: Array<string>) => runScript('seed-models.ts', args, { env: scriptEnv(t.url), signal })
	try {
		const good = path.join(folder, 'modelle.json')
		await writeFile(good, JSON.stringify(fileEntries()))
		const first = await run(good)
		expect(first.out).toContain('KI-Modelle: 3 hinzugefügt, 0 aktualisiert, 0 unverändert.')
		expect(first.code).toBe(0)
		expect((await run(good)).out).toContain('KI-Modelle: 0 hinzugefügt, 0 aktualisiert, 3 unverändert.')

		const bad = path.join(folder, 'kaputt.json')
		await writeFile(bad, JSON.stringify([{ ...fileEntries()[0], credits_cost: 5 }, { category: 'language', model_id: 'neu', name: 'Neu', provider: 'local', credits_cost: 1, api_parameters: '{"temperature": ' }]))
		const refused = await run(bad)
		expect(refused.code).toBe(1)
		expect(refused.out).toContain('Eintrag 2 (neu), Feld api_parameters: Die API-Parameter müssen gültiges JSON sein.')
		expect(refused.out).toContain('nichts wurde gespeichert')
		expect(await t.db.selectFrom('ai_models').select(['model_id', 'credits_cost']).where('model_id', 'in', ['gpt-4o', 'neu']).execute()).toEqual([{ model_id: 'gpt-4o', credits_cost: 2 }])

		const usage = await run()
		expect(usage.code).toBe(2)
		expect(usage.out).toContain('Aufruf: npm run seed:models -- <Datei.json>')
	} finally {
		await rm(folder, { recursive: true, force: true })
	}
})
