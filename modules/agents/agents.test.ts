import { randomUUID } from 'node:crypto'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import type { DB } from '#modules/core/db.server.ts'
import type { FileStore, StoredFile } from '#modules/core/files.server.ts'
import { WebReadError, type Article, type WebReader } from '#modules/media/index.ts'
import { sniff } from '#modules/media/sniff.ts'
import { textPrompts } from '#modules/generation/prompts.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { memoryFileStore } from '#tests/support/memory-files.ts'
import { createAgentsService } from './index.ts'
import { sanitiseSvg } from './logo.server.ts'
import { addError, AgentPresetSchema, presetFormEntries, type AgentPresetValues } from './schema.ts'
import { analyseStyle } from './style.ts'

async function user(db: Kysely<DB>) {
	const email = `${randomUUID()}@beispiel.ch`
	const row = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('profiles').values({ id: row.id, email }).execute()
	return row.id
}

function memoryFiles() {
	const stored = new Map<string, StoredFile>()
	const store: FileStore = memoryFileStore(stored)
	return { store, stored }
}

/** Pages by URL; a URL not listed is unreachable, one under 10.x is refused like the real reader does. */
function fakeWeb(pages: Record<string, string>): WebReader & { asked: Array<string> } {
	const asked: Array<string> = []
	return {
		asked,
		async article(url): Promise<Article> {
			asked.push(url)
			if (new URL(url).hostname.startsWith('10.')) throw new WebReadError('blocked_address')
			const text = pages[url]
			if (text === undefined) throw new WebReadError('unreachable')
			return { url, title: 'Beitrag', text, siteName: null, publishedAt: null, imageUrl: null }
		},
		async youtube() {
			throw new WebReadError('unreachable')
		},
		async image() {
			throw new WebReadError('unreachable')
		},
	}
}

async function setup(pages: Record<string, string> = {}) {
	const t = await createTestDatabase()
	const files = memoryFiles()
	const web = fakeWeb(pages)
	const agents = createAgentsService({ db: t.db, files: files.store, web })
	return { t, db: t.db, files, web, agents, [Symbol.asyncDispose]: () => t[Symbol.asyncDispose]() }
}

async function png(width = 64, height = 32) {
	return new Uint8Array(await sharp({ create: { width, height, channels: 4, background: '#6366f1' } }).png().toBuffer())
}

function values(overrides: Partial<AgentPresetValues> = {}): AgentPresetValues {
	return {
		name: 'Kaffee-Agent',
		avatar: 'coffee',
		personality: 'friendly',
		description: 'Schreibt für unsere Rösterei.',
		targetAudience: 'small_business',
		tone: 'humorous',
		industry: 'hospitality',
		formality: 20,
		creativity: 80,
		humor: 75,
		empathy: 55,
		enthusiasm: 90,
		voiceIdentity: 'Warm und direkt',
		writingStyle: 'Kurze Sätze',
		brandName: 'Röstwerk',
		brandColors: ['#3b2f2f', '#f5deb3'],
		accentColor: '#c2410c',
		useBranding: true,
		trainingTexts: ['Frisch geröstet! ☕'],
		postUrls: ['https://roestwerk.example/blog/1'],
		specialties: ['Kaffee', 'Röstung'],
		knowledgeBase: 'Wir rösten seit 1998 in Bern.',
		...overrides,
	}
}

test('another user\'s agent id answers "not found" for every operation', async () => {
	await using s = await setup()
	const alice = await user(s.db)
	const bob = await user(s.db)
	const created = await s.agents.createPreset(alice, 'Alices Agent', randomUUID())
	if (!created.ok) throw new Error(created.error)
	const second = await s.agents.createPreset(alice, 'Alices Zweiter', randomUUID())
	if (!second.ok) throw new Error(second.error)
	const id = created.agent.id
	const notFound = { ok: false, error: 'not_found' }

	for (const agentId of [id, 'kein-uuid', randomUUID()]) {
		expect(await s.agents.getPreset(bob, agentId)).toBeNull()
		expect(await s.agents.findPersona(bob, agentId)).toBeNull()
		expect(await s.agents.renamePreset(bob, agentId, 'Gekapert')).toEqual(notFound)
		expect(await s.agents.setDefaultPreset(bob, agentId)).toEqual(notFound)
		expect(await s.agents.savePreset(bob, agentId, values())).toEqual(notFound)
		expect(await s.agents.trainPreset(bob, agentId, { trainingTexts: ['Hallo'], postUrls: [] })).toEqual(notFound)
		expect(await s.agents.uploadLogo(bob, agentId, { name: 'logo.png', bytes: await png() })).toEqual(notFound)
		expect(await s.agents.removeLogo(bob, agentId)).toEqual(notFound)
		expect(await s.agents.deletePreset(bob, agentId)).toEqual(notFound)
	}
	expect(await s.agents.listPresets(bob)).toEqual([])
	expect(s.files.stored.size).toBe(0)

	// Alice's presets are untouched.
	const mine = await s.agents.listPresets(alice)
	expect(mine.map((a) => [a.name, a.isDefault])).toEqual([
		['Alices Agent', true],
		['Alices Zweiter', false],
	])
	expect(mine[0]).toMatchObject({ trainingTexts: [], styleProfile: null, logoUrl: null })
})

test('a new agent gets the defaults of the spec; the first one is the default', async () => {
	await using s = await setup()
	const alice = await user(s.db)
	const created = await s.agents.createPreset(alice, 'Mein AI-Agent', randomUUID())
	expect(created.ok && created.agent).toMatchObject({
		name: 'Mein AI-Agent',
		avatar: 'bot',
		personality: 'professional',
		targetAudience: 'entrepreneurs',
		tone: 'professional',
		formality: 50,
		creativity: 70,
		enthusiasm: 60,
		empathy: 60,
		humor: 30,
		accentColor: '#6366f1',
		useBranding: false,
		languageModel: 'gpt-5-2025-08-07',
		imageModel: 'flux-1.1-pro',
		videoModel: 'seedance-1-pro',
		isDefault: true,
		order: 0,
	})
})

describe('at most three agents', () => {
	test('the fourth is refused, one after the other and the database refuses a fourth slot too', async () => {
		await using s = await setup()
		const alice = await user(s.db)
		for (const name of ['Eins', 'Zwei', 'Drei']) expect((await s.agents.createPreset(alice, name, randomUUID())).ok).toBe(true)
		expect(await s.agents.createPreset(alice, 'Vier', randomUUID())).toEqual({ ok: false, error: 'limit_reached' })
		await expect(s.db.insertInto('agent_configurations').values({ user_id: alice, name: 'Vier', agent_order: 3 }).execute()).rejects.toThrow(/check/)
		await expect(s.db.insertInto('agent_configurations').values({ user_id: alice, name: 'Vier', agent_order: 1 }).execute()).rejects.toThrow(/unique|duplicate/)
		expect(await s.agents.listPresets(alice)).toHaveLength(3)

		// A deleted slot can be filled again.
		const [, second] = await s.agents.listPresets(alice)
		expect(await s.agents.deletePreset(alice, second!.id)).toEqual({ ok: true })
		const again = await s.agents.createPreset(alice, 'Wieder da', randomUUID())
		expect(again.ok && again.agent.order).toBe(1)
	})

	test('five creates at once: exactly three succeed', async () => {
		await using s = await setup()
		const alice = await user(s.db)
		const results = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => s.agents.createPreset(alice, name, randomUUID())))
		expect(results.filter((r) => r.ok)).toHaveLength(3)
		expect(results.filter((r) => !r.ok)).toEqual([
			{ ok: false, error: 'limit_reached' },
			{ ok: false, error: 'limit_reached' },
		])
		const presets = await s.agents.listPresets(alice)
		expect(presets.map((p) => p.order)).toEqual([0, 1, 2])
		expect(presets.filter((p) => p.isDefault)).toHaveLength(1)
	})
})

describe('default and delete', () => {
	test('setting another default clears the old one, also when two switch at once', async () => {
		await using s = await setup()
		const alice = await user(s.db)
		const ids: Array<string> = []
		for (const name of ['Eins', 'Zwei', 'Drei']) {
			const r = await s.agents.createPreset(alice, name, randomUUID())
			if (r.ok) ids.push(r.agent.id)
		}
		expect(await s.agents.setDefaultPreset(alice, ids[1]!)).toEqual({ ok: true })
		expect((await s.agents.listPresets(alice)).map((p) => p.isDefault)).toEqual([false, true, false])
		expect(await s.agents.setDefaultPreset(alice, ids[1]!)).toEqual({ ok: true })
		expect((await s.agents.listPresets(alice)).map((p) => p.isDefault)).toEqual([false, true, false])

		const both = await Promise.all([s.agents.setDefaultPreset(alice, ids[0]!), s.agents.setDefaultPreset(alice, ids[2]!)])
		expect(both).toEqual([{ ok: true }, { ok: true }])
		expect((await s.agents.listPresets(alice)).filter((p) => p.isDefault)).toHaveLength(1)
	})

	test('the default agent and the last agent cannot be deleted (issue 20 defect 14)', async () => {
		await using s = await setup()
		const alice = await user(s.db)
		const a = await s.agents.createPreset(alice, 'Eins', randomUUID())
		const b = await s.agents.createPreset(alice, 'Zwei', randomUUID())
		if (!a.ok || !b.ok) throw new Error('create failed')
		expect(a.agent.isDefault).toBe(true)
		expect(await s.agents.deletePreset(alice, a.agent.id)).toEqual({ ok: false, error: 'default_agent' })
		expect((await s.agents.listPresets(alice)).map((p) => [p.name, p.isDefault])).toEqual([
			['Eins', true],
			['Zwei', false],
		])
		// Once another agent is the default, the old one can go.
		expect(await s.agents.setDefaultPreset(alice, b.agent.id)).toEqual({ ok: true })
		expect(await s.agents.deletePreset(alice, a.agent.id)).toEqual({ ok: true })
		expect((await s.agents.listPresets(alice)).map((p) => [p.name, p.isDefault])).toEqual([['Zwei', true]])
		expect(await s.agents.deletePreset(alice, b.agent.id)).toEqual({ ok: false, error: 'last_agent' })
		expect(await s.agents.listPresets(alice)).toHaveLength(1)
	})

	test('new agents of the same name are numbered: Mein AI-Agent, Mein AI-Agent 2, Mein AI-Agent 3', async () => {
		await using s = await setup()
		const alice = await user(s.db)
		for (let i = 0; i < 3; i++) expect((await s.agents.createPreset(alice, 'Mein AI-Agent', randomUUID())).ok).toBe(true)
		expect((await s.agents.listPresets(alice)).map((p) => p.name)).toEqual(['Mein AI-Agent', 'Mein AI-Agent 2', 'Mein AI-Agent 3'])
		// A freed name is used again; another user's names do not count.
		const [, second] = await s.agents.listPresets(alice)
		expect(await s.agents.deletePreset(alice, second!.id)).toEqual({ ok: true })
		const again = await s.agents.createPreset(alice, 'Mein AI-Agent', randomUUID())
		expect(again.ok && again.agent.name).toBe('Mein AI-Agent 2')
		const bob = await user(s.db)
		const first = await s.agents.createPreset(bob, 'Mein AI-Agent', randomUUID())
		expect(first.ok && first.agent.name).toBe('Mein AI-Agent')
	})

	test('rename changes only the name', async () => {
		await using s = await setup()
		const alice = await user(s.db)
		const a = await s.agents.createPreset(alice, 'Eins', randomUUID())
		if (!a.ok) throw new Error(a.error)
		expect(await s.agents.renamePreset(alice, a.agent.id, 'Neuer Name')).toEqual({ ok: true })
		expect(await s.agents.getPreset(alice, a.agent.id)).toMatchObject({ name: 'Neuer Name', tone: 'professional' })
	})
})

describe('Speichern', () => {
	test('stores the whole preset, sent as form fields and read with the shared schema', async () => {
		await using s = await setup()
		const alice = await user(s.db)
		const a = await s.agents.createPreset(alice, 'Eins', randomUUID())
		if (!a.ok) throw new Error(a.error)
		const form = new FormData()
		for (const [key, value] of presetFormEntries(values())) form.append(key, value)
		const submission = parseWithZod(form, { schema: AgentPresetSchema })
		if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
		expect(submission.value).toEqual(values())
		expect(await s.agents.savePreset(alice, a.agent.id, submission.value)).toEqual({ ok: true })
		const saved = await s.agents.getPreset(alice, a.agent.id)
		expect(saved).toMatchObject({ ...values(), industry: 'hospitality', enthusiasm: 90 })
		const persona = await s.agents.findPersona(alice, a.agent.id)
		expect(persona).toMatchObject({ enthusiasm: 90, specialties: ['Kaffee', 'Röstung'], brand: { name: 'Röstwerk', useBranding: true } })

		// Switching branding off and emptying the lists is sent as missing fields.
		const off = new FormData()
		for (const [key, value] of presetFormEntries(values({ useBranding: false, specialties: [], industry: null, description: '' }))) off.append(key, value)
		const parsed = parseWithZod(off, { schema: AgentPresetSchema })
		expect(parsed.status === 'success' && parsed.value).toMatchObject({ useBranding: false, specialties: [], industry: null, description: '' })
	})

	test('the validation of the lists: empty text, relative URL, duplicate specialty', () => {
		expect(addError('trainingText', '   ', [])).toBe('errors.trainingTextEmpty')
		expect(addError('trainingText', 'Ein Text', [])).toBeNull()
		expect(addError('postUrl', '/blog/1', [])).toBe('errors.urlInvalid')
		expect(addError('postUrl', 'keine url', [])).toBe('errors.urlInvalid')
		expect(addError('postUrl', 'https://beispiel.ch/post/1', [])).toBeNull()
		expect(addError('postUrl', 'https://beispiel.ch/post/1', ['https://beispiel.ch/post/1'])).toBe('errors.urlDuplicate')
		expect(addError('specialty', '  ', [])).toBe('errors.specialtyEmpty')
		expect(addError('specialty', 'kaffee', ['Kaffee'])).toBe('errors.specialtyDuplicate')
		expect(addError('specialty', 'Tee', ['Kaffee'])).toBeNull()
		expect(addError('color', '#12345', [])).toBe('errors.colorInvalid')
		expect(AgentPresetSchema.safeParse(values({ specialties: ['Kaffee', 'KAFFEE'] })).success).toBe(false)
		expect(AgentPresetSchema.safeParse(values({ postUrls: ['ftp://beispiel.ch/x'] })).success).toBe(false)
		expect(AgentPresetSchema.safeParse(values({ formality: 101 })).success).toBe(false)
		expect(AgentPresetSchema.safeParse(values({ name: '  ' })).success).toBe(false)
	})
})

describe('Agent trainieren', () => {
	const casual = [
		'Hey du! ☕ Heute gibt es frisch geröstete Bohnen aus Bern. Komm vorbei und probier dich durch! #Kaffee #Bern',
		'Na, schon deinen ersten Kaffee gehabt? ☕🔥 Frisch geröstet schmeckt einfach besser. Komm vorbei! #Kaffee',
		'Dein Wochenende braucht frisch geröstete Bohnen ☕ Wir sehen uns in der Rösterei! #Kaffee #Wochenende',
	]
	const formal = [
		'Sehr geehrte Kundinnen und Kunden, wir beraten Sie gerne persönlich zu Ihrer Altersvorsorge. Vereinbaren Sie einen Termin.',
		'Wussten Sie, dass eine frühzeitige Planung Ihrer Altersvorsorge entscheidend ist? Wir beraten Sie gerne.',
	]

	test('the profile from texts: emojis, hashtags, du, recurring phrases, length', () => {
		const profile = analyseStyle(casual)!
		expect(profile.samples).toBe(3)
		expect(profile.emojisPerPost).toBe(1.3)
		expect(profile.topEmojis[0]).toBe('☕')
		expect(profile.topEmojis).toContain('🔥')
		expect(profile.hashtagsPerPost).toBe(1.7)
		expect(profile.topHashtags[0]).toBe('#Kaffee')
		expect(profile.formality).toBe('locker')
		expect(profile.duCount).toBeGreaterThanOrEqual(3)
		expect(profile.sieCount).toBe(0)
		expect(profile.phrases).toContain('frisch geröstete Bohnen')
		expect(profile.phrases).toContain('Komm vorbei')
		expect(profile.exclamationsPerPost).toBeGreaterThanOrEqual(1)
		expect(profile.typicalLength).toBe([...casual].map((t) => t.length).sort((a, b) => a - b)[1])

		const sie = analyseStyle(formal)!
		expect(sie.formality).toBe('formell')
		expect(sie.sieCount).toBeGreaterThanOrEqual(4)
		expect(sie.emojisPerPost).toBe(0)
		expect(sie.topEmojis).toEqual([])
		expect(sie.hashtagsPerPost).toBe(0)
		expect(sie.phrases).toContain('beraten Sie gerne')
		expect(sie.questionsPerPost).toBe(0.5)

		expect(analyseStyle([])).toBeNull()
		expect(analyseStyle(['   '])).toBeNull()
	})

	test('a recurring phrase keeps the preposition it always follows (issue 37, 4.6)', () => {
		const bakery = [
			'Frisch aus dem Ofen: unsere Dinkelbrötchen! 🥐 Mit Liebe gebacken. ☕ #Bäckerei #Zürich #Frischgebacken',
			'Heute gibt es Zopf wie bei Grossmutter. 🥐 Mit Liebe gebacken, jeden Morgen. ☕ #Bäckerei #Zürich #Frischgebacken',
			'Unser Sauerteig ruht 48 Stunden. 🥐 Mit Liebe gebacken. ☕ #Bäckerei #Zürich #Frischgebacken',
		]
		const profile = analyseStyle(bakery)!
		expect(profile.phrases[0]).toBe('Mit Liebe gebacken')
		expect(profile.topHashtags).toEqual(['#Bäckerei', '#Zürich', '#Frischgebacken'])
		expect(profile.topEmojis).toEqual(['🥐', '☕'])
	})

	test('reads the post URLs through the web reader; a refused or unreachable URL is reported, not fatal', async () => {
		await using s = await setup({
			'https://roestwerk.example/post/1': casual[0]!,
			'https://roestwerk.example/post/2': casual[1]!,
		})
		const alice = await user(s.db)
		const a = await s.agents.createPreset(alice, 'Eins', randomUUID())
		if (!a.ok) throw new Error(a.error)
		const urls = ['https://roestwerk.example/post/1', 'http://10.0.0.1/intern', 'https://roestwerk.example/post/2', 'https://weg.example/404']
		const result = await s.agents.trainPreset(alice, a.agent.id, { trainingTexts: [casual[2]!], postUrls: urls })
		if (!result.ok) throw new Error(result.error)
		expect(s.web.asked.sort()).toEqual([...urls].sort())
		expect(result.failures).toEqual([
			{ url: 'http://10.0.0.1/intern', reason: 'blocked_address' },
			{ url: 'https://weg.example/404', reason: 'unreachable' },
		])
		expect(result.profile).toEqual(analyseStyle([casual[2]!, casual[0]!, casual[1]!]))
		expect(result.profile.samples).toBe(3)

		const stored = await s.agents.getPreset(alice, a.agent.id)
		expect(stored?.styleProfile).toEqual(result.profile)
		expect(stored?.trainedAt).toBeTruthy()
		expect(stored?.postUrls).toEqual(urls)
		expect(stored?.trainingTexts).toEqual([casual[2]])
		expect((await s.agents.findPersona(alice, a.agent.id))?.styleProfile).toEqual(result.profile)
		expect((await s.agents.listPersonas(alice))[0]?.styleProfile).toEqual(result.profile)
	})

	test('the built-in prompt tells the language model the learned style', async () => {
		await using s = await setup()
		const alice = await user(s.db)
		const a = await s.agents.createPreset(alice, 'Eins', randomUUID())
		if (!a.ok) throw new Error(a.error)
		expect((await s.agents.trainPreset(alice, a.agent.id, { trainingTexts: casual, postUrls: [] })).ok).toBe(true)
		const persona = (await s.agents.findPersona(alice, a.agent.id))!
		const source = { kind: 'smart-post' as const, title: null, text: 'Kaffeepause', origin: null }
		const { system } = textPrompts({ platform: 'linkedin', platformName: 'LinkedIn', group: 'long', maxLength: 3000, style: 'LinkedIn Professionell', hashtags: { min: 0, max: 3 }, persona, source }, {})
		expect(system).toContain('Gelernter Schreibstil aus 3 eigenen Beiträgen')
		expect(system).toContain('1.3 Emojis pro Beitrag (am liebsten ☕ 🔥)')
		expect(system).toContain('„Komm vorbei“')
		expect(system).toContain('Anrede: du')
		const untrained = textPrompts({ platform: 'linkedin', platformName: 'LinkedIn', group: 'long', maxLength: 3000, style: 'x', hashtags: { min: 0, max: 3 }, persona: { ...persona, styleProfile: null }, source }, {})
		expect(untrained.system).not.toContain('Gelernter Schreibstil')
	})

	test('nothing readable: refused with the URL failures, nothing stored', async () => {
		await using s = await setup()
		const alice = await user(s.db)
		const a = await s.agents.createPreset(alice, 'Eins', randomUUID())
		if (!a.ok) throw new Error(a.error)
		const result = await s.agents.trainPreset(alice, a.agent.id, { trainingTexts: [], postUrls: ['https://weg.example/1'] })
		expect(result).toEqual({ ok: false, error: 'no_material', failures: [{ url: 'https://weg.example/1', reason: 'unreachable' }] })
		expect((await s.agents.getPreset(alice, a.agent.id))?.styleProfile).toBeNull()
	})
})

describe('brand logo', () => {
	test('a PNG is stored under logos/ with an uploads row; replacing deletes the old file; removing deletes it too', async () => {
		await using s = await setup()
		const alice = await user(s.db)
		const a = await s.agents.createPreset(alice, 'Eins', randomUUID())
		if (!a.ok) throw new Error(a.error)
		const first = await s.agents.uploadLogo(alice, a.agent.id, { name: 'logo.png', bytes: await png() })
		if (!first.ok) throw new Error(first.error)
		expect(first.logoUrl).toMatch(/^\/media\/logos\/[0-9a-f-]{36}\.png$/)
		const firstKey = first.logoUrl.slice('/media/'.length)
		expect(sniff(s.files.stored.get(firstKey)!.bytes)).toBe('png')
		expect(await s.db.selectFrom('uploads').select(['kind', 'storage_key', 'content_type']).where('user_id', '=', alice).execute()).toEqual([
			{ kind: 'brand_logo', storage_key: firstKey, content_type: 'image/png' },
		])
		expect((await s.agents.getPreset(alice, a.agent.id))?.logoUrl).toBe(first.logoUrl)

		const jpeg = new Uint8Array(await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } }).jpeg().toBuffer())
		const second = await s.agents.uploadLogo(alice, a.agent.id, { name: 'logo.jpeg', bytes: jpeg })
		if (!second.ok) throw new Error(second.error)
		expect(second.logoUrl).toMatch(/\.jpg$/)
		expect(s.files.stored.has(firstKey)).toBe(false)
		expect([...s.files.stored.keys()]).toEqual([second.logoUrl.slice('/media/'.length)])
		expect(await s.db.selectFrom('uploads').select('storage_key').where('user_id', '=', alice).execute()).toHaveLength(1)

		expect(await s.agents.removeLogo(alice, a.agent.id)).toEqual({ ok: true })
		expect(s.files.stored.size).toBe(0)
		expect(await s.db.selectFrom('uploads').select('storage_key').where('user_id', '=', alice).execute()).toEqual([])
		expect((await s.agents.getPreset(alice, a.agent.id))?.logoUrl).toBeNull()
	})

	test('refused: a 6 MB file, a PHP file renamed .png, a GIF and a broken PNG; nothing is stored', async () => {
		await using s = await setup()
		const alice = await user(s.db)
		const a = await s.agents.createPreset(alice, 'Eins', randomUUID())
		if (!a.ok) throw new Error(a.error)
		const big = new Uint8Array(6 * 1024 * 1024)
		big.set(await png())
		expect(await s.agents.uploadLogo(alice, a.agent.id, { name: 'gross.png', bytes: big })).toEqual({ ok: false, error: 'logo_too_large' })
		const php = new TextEncoder().encode('<?php system($_GET["cmd"]); ?>\n')
		expect(await s.agents.uploadLogo(alice, a.agent.id, { name: 'shell.png', bytes: php })).toEqual({ ok: false, error: 'logo_type' })
		const gif = new Uint8Array(await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer())
		expect(await s.agents.uploadLogo(alice, a.agent.id, { name: 'logo.png', bytes: gif })).toEqual({ ok: false, error: 'logo_type' })
		const broken = (await png()).slice(0, 40)
		expect(await s.agents.uploadLogo(alice, a.agent.id, { name: 'logo.png', bytes: broken })).toEqual({ ok: false, error: 'logo_type' })
		expect(s.files.stored.size).toBe(0)
		expect(await s.db.selectFrom('uploads').select('id').execute()).toEqual([])
	})

	test('an SVG with a script is neutralised: sanitised, then stored as a PNG', async () => {
		await using s = await setup()
		const alice = await user(s.db)
		const a = await s.agents.createPreset(alice, 'Eins', randomUUID())
		if (!a.ok) throw new Error(a.error)
		const svg = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY x "boom">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="60" onload="alert(1)">
	<script>alert(document.cookie)</script>
	<style>@import url(https://evil.example/x.css); .a { fill: url(https://evil.example/p.svg#p); } .b { fill: url(#g); }</style>
	<defs><linearGradient id="g"><stop offset="0" stop-color="#6366f1"/></linearGradient></defs>
	<rect class="b" width="120" height="60" onclick="steal()" fill="url(#g)"/>
	<a xlink:href="javascript:alert(2)"><circle cx="30" cy="30" r="20" fill="#f59e0b"/></a>
	<image href="file:///etc/passwd" width="10" height="10"/>
	<use href="https://evil.example/sprite.svg#icon"/>
	<foreignObject width="100" height="100"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"></iframe></foreignObject>
	<set attributeName="href" to="javascript:alert(3)"/>
</svg>`
		const clean = sanitiseSvg(svg)
		for (const bad of ['<script', 'alert', 'onload', 'onclick', 'javascript:', 'foreignObject', 'iframe', 'evil.example', 'file://', '@import', 'ENTITY', '<set']) {
			expect(clean).not.toContain(bad)
		}
		expect(clean).toContain('url(#g)')
		expect(clean).toContain('<circle')

		const result = await s.agents.uploadLogo(alice, a.agent.id, { name: 'logo.svg', bytes: new TextEncoder().encode(svg) })
		if (!result.ok) throw new Error(result.error)
		expect(result.logoUrl).toMatch(/^\/media\/logos\/[0-9a-f-]{36}\.png$/)
		const stored = s.files.stored.get(result.logoUrl.slice('/media/'.length))!
		expect(stored.contentType).toBe('image/png')
		expect(sniff(stored.bytes)).toBe('png')
		const meta = await sharp(stored.bytes).metadata()
		expect([meta.width, meta.height]).toEqual([512, 256])
		expect(Buffer.from(stored.bytes).includes('alert')).toBe(false)
	})
})
