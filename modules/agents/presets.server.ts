import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { isUniqueViolation, type Db, type DbOrTrx, type Trx } from '#modules/core/db.server.ts'
import { keyOfMediaUrl, mediaPath, type FileStore } from '#modules/core/files.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { once } from '#modules/core/request-keys.server.ts'
import { WebReadError, type WebReader } from '#modules/media/index.ts'
import { storeKnowledge } from './knowledge.server.ts'
import { prepareLogo } from './logo.server.ts'
import { MAX_AGENTS, type AgentPresetValues, type TrainingMaterial } from './schema.ts'
import { analyseStyle, readStyleProfile } from './style.ts'
import type { AgentPreset, AgentResult, StyleProfile, UrlFailure } from './types.ts'
import { isUuid } from '#modules/core/uuid.ts'

// The agent screen: presets of one user, at most three (slots 0-2, unique per user in the
// database), exactly one of them the default. Every operation is scoped by the user's id: another
// user's preset answers 'not_found', as does an id that is no uuid.

export type PresetsDeps = { db: Db; files: FileStore; web: WebReader; logger?: Logger }

const URL_CONCURRENCY = 4

function strings(value: unknown) {
	return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

const presetColumns = [
	'id',
	'name',
	'avatar',
	'personality',
	'description',
	'target_audience',
	'tone',
	'industry',
	'formality',
	'creativity',
	'humor',
	'empathy',
	'enthusiasm',
	'voice_identity',
	'writing_style',
	'brand_name',
	'brand_colors',
	'accent_color',
	'use_branding',
	'logo_url',
	'training_texts',
	'post_urls',
	'specialties',
	'knowledge_base',
	'language_model',
	'image_model',
	'video_model',
	'is_default',
	'agent_order',
	'style_profile',
	'trained_at',
] as const

type PresetRow = Awaited<ReturnType<typeof selectPresets>>[number]

function selectPresets(db: Db, userId: string) {
	return db.selectFrom('agent_configurations').select(presetColumns).where('user_id', '=', userId).orderBy('agent_order').execute()
}

function toPreset(row: PresetRow): AgentPreset {
	return {
		id: row.id,
		name: row.name,
		avatar: row.avatar,
		personality: row.personality,
		description: row.description,
		targetAudience: row.target_audience,
		tone: row.tone,
		industry: row.industry,
		formality: row.formality,
		creativity: row.creativity,
		humor: row.humor,
		empathy: row.empathy,
		enthusiasm: row.enthusiasm,
		voiceIdentity: row.voice_identity,
		writingStyle: row.writing_style,
		brandName: row.brand_name,
		brandColors: strings(row.brand_colors),
		accentColor: row.accent_color,
		useBranding: row.use_branding,
		logoUrl: row.logo_url,
		trainingTexts: strings(row.training_texts),
		postUrls: strings(row.post_urls),
		specialties: strings(row.specialties),
		knowledgeBase: row.knowledge_base,
		languageModel: row.language_model,
		imageModel: row.image_model,
		videoModel: row.video_model,
		isDefault: row.is_default,
		order: row.agent_order,
		styleProfile: readStyleProfile(row.style_profile),
		trainedAt: row.trained_at ? new Date(row.trained_at).toISOString() : null,
	}
}

/** Serialises the preset changes of one user (create, delete, default) by locking their profile row. */
async function lockUser(trx: Trx, userId: string) {
	await sql`select id from profiles where id = ${userId} for update`.execute(trx)
}

const notFound = { ok: false as const, error: 'not_found' as const }

/** 'Mein AI-Agent', then 'Mein AI-Agent 2', 'Mein AI-Agent 3': the first name no other agent of the user has. */
function numberedName(base: string, taken: ReadonlyArray<string>) {
	const names = new Set(taken.map((name) => name.trim().toLowerCase()))
	if (!names.has(base.toLowerCase())) return base
	for (let n = 2; ; n++) if (!names.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`
}

export type TrainResult =
	| { ok: true; profile: StyleProfile; failures: Array<UrlFailure> }
	| { ok: false; error: 'not_found' }
	| { ok: false; error: 'no_material'; failures: Array<UrlFailure> }

export function createPresets({ db, files, web, logger }: PresetsDeps) {
	async function list(userId: string): Promise<Array<AgentPreset>> {
		return (await selectPresets(db, userId)).map(toPreset)
	}

	async function get(userId: string, agentId: string): Promise<AgentPreset | null> {
		if (!isUuid(agentId)) return null
		const row = await db.selectFrom('agent_configurations').select(presetColumns).where('user_id', '=', userId).where('id', '=', agentId).executeTakeFirst()
		return row ? toPreset(row) : null
	}

	/**
	 * A new preset with the defaults of the spec (the columns' defaults), in the first free slot; the
	 * first one is the default. Once per request id: a retry gets the preset the first request made.
	 */
	async function create(userId: string, name: string, requestId: string): Promise<AgentResult<{ agent: AgentPreset }>> {
		try {
			const outcome = await once(
				db,
				{ userId, requestId, action: 'agents.create', input: name },
				async (trx): Promise<AgentResult<{ agent: AgentPreset }>> => {
					await lockUser(trx, userId)
					const taken = await trx.selectFrom('agent_configurations').select(['agent_order', 'is_default', 'name']).where('user_id', '=', userId).execute()
					const slot = Array.from({ length: MAX_AGENTS }, (_, i) => i).find((i) => !taken.some((t) => t.agent_order === i))
					if (slot === undefined) return { ok: false, error: 'limit_reached' }
					const unique = numberedName(name.trim().slice(0, 90), taken.map((t) => t.name))
					const row = await trx
						.insertInto('agent_configurations')
						.values({ user_id: userId, name: unique, agent_order: slot, is_default: !taken.some((t) => t.is_default) })
						.returning(presetColumns)
						.executeTakeFirstOrThrow()
					return { ok: true, agent: toPreset(row) }
				},
				(result) => result.ok,
			)
			return outcome.kind === 'conflict' ? { ok: false, error: 'request_conflict' } : outcome.result
		} catch (error) {
			// The slot's unique key is the last word on the limit, whatever raced past the lock.
			if (isUniqueViolation(error)) return { ok: false, error: 'limit_reached' }
			throw error
		}
	}

	async function rename(userId: string, agentId: string, name: string): Promise<AgentResult> {
		if (!isUuid(agentId)) return notFound
		const result = await db.updateTable('agent_configurations').set({ name }).where('user_id', '=', userId).where('id', '=', agentId).executeTakeFirst()
		return result.numUpdatedRows > 0n ? { ok: true } : notFound
	}

	async function setDefault(userId: string, agentId: string): Promise<AgentResult> {
		if (!isUuid(agentId)) return notFound
		return db.transaction().execute(async (trx) => {
			await lockUser(trx, userId)
			const agent = await trx.selectFrom('agent_configurations').select('id').where('user_id', '=', userId).where('id', '=', agentId).executeTakeFirst()
			if (!agent) return notFound
			// Two statements: the one-default index is checked row by row, so clear first, then set.
			await trx.updateTable('agent_configurations').set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true).where('id', '<>', agentId).execute()
			await trx.updateTable('agent_configurations').set({ is_default: true }).where('id', '=', agentId).execute()
			return { ok: true as const }
		})
	}

	async function remove(userId: string, agentId: string): Promise<AgentResult> {
		if (!isUuid(agentId)) return notFound
		const result = await db.transaction().execute(async (trx) => {
			await lockUser(trx, userId)
			const agents = await trx.selectFrom('agent_configurations').select(['id', 'is_default', 'logo_url']).where('user_id', '=', userId).orderBy('agent_order').execute()
			const agent = agents.find((a) => a.id === agentId)
			if (!agent) return notFound
			if (agents.length <= 1) return { ok: false as const, error: 'last_agent' as const }
			// Spec: the default agent cannot be deleted (another one is made the default first).
			if (agent.is_default) return { ok: false as const, error: 'default_agent' as const }
			await trx.deleteFrom('agent_configurations').where('id', '=', agentId).execute()
			return { ok: true as const, logoUrl: agent.logo_url }
		})
		if (!result.ok) return result
		if (result.logoUrl) await deleteLogoFile(userId, result.logoUrl)
		return { ok: true }
	}

	/** 'Speichern': the whole preset at once (everything but the logo, the models and the training result). */
	async function save(userId: string, agentId: string, values: AgentPresetValues): Promise<AgentResult> {
		if (!isUuid(agentId)) return notFound
		return db.transaction().execute(async (trx) => {
			const saved = await savePreset(trx, userId, agentId, values)
			if (saved.ok) await storeKnowledge(trx, agentId, values.knowledgeBase)
			return saved
		})
	}

	async function savePreset(trx: DbOrTrx, userId: string, agentId: string, values: AgentPresetValues): Promise<AgentResult> {
		const result = await trx
			.updateTable('agent_configurations')
			.set({
				name: values.name,
				avatar: values.avatar,
				personality: values.personality,
				description: values.description,
				target_audience: values.targetAudience,
				tone: values.tone,
				industry: values.industry,
				formality: values.formality,
				creativity: values.creativity,
				humor: values.humor,
				empathy: values.empathy,
				enthusiasm: values.enthusiasm,
				voice_identity: values.voiceIdentity,
				writing_style: values.writingStyle,
				brand_name: values.brandName,
				brand_colors: JSON.stringify(values.brandColors),
				accent_color: values.accentColor,
				use_branding: values.useBranding,
				training_texts: JSON.stringify(values.trainingTexts),
				post_urls: JSON.stringify(values.postUrls),
				specialties: JSON.stringify(values.specialties),
				knowledge_base: values.knowledgeBase,
			})
			.where('user_id', '=', userId)
			.where('id', '=', agentId)
			.executeTakeFirst()
		return result.numUpdatedRows > 0n ? { ok: true } : notFound
	}

	async function readUrls(urls: ReadonlyArray<string>) {
		const texts: Array<string> = []
		const failures: Array<UrlFailure> = []
		const queue = [...urls]
		async function worker() {
			for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
				try {
					const article = await web.article(url)
					if (article.text.trim()) texts.push(article.text)
					else failures.push({ url, reason: 'no_content' })
				} catch (error) {
					const reason = error instanceof WebReadError ? error.code : 'failed'
					if (reason === 'blocked_address') logger?.warn('ssrf_blocked', { url: url.slice(0, 300) })
					failures.push({ url, reason })
				}
			}
		}
		await Promise.all(Array.from({ length: Math.min(URL_CONCURRENCY, urls.length) }, worker))
		return { texts, failures: urls.flatMap((url) => failures.filter((f) => f.url === url)) }
	}

	/**
	 * 'Agent trainieren': reads the post URLs (through the SSRF-safe reader; a URL that cannot be read
	 * is reported, not fatal), learns the style profile from them and the training texts, and stores
	 * the material with the profile.
	 */
	async function train(userId: string, agentId: string, material: TrainingMaterial): Promise<TrainResult> {
		if (!(await get(userId, agentId))) return notFound
		const read = await readUrls(material.postUrls)
		const profile = analyseStyle([...material.trainingTexts, ...read.texts])
		if (!profile) return { ok: false, error: 'no_material', failures: read.failures }
		const result = await db
			.updateTable('agent_configurations')
			.set({
				training_texts: JSON.stringify(material.trainingTexts),
				post_urls: JSON.stringify(material.postUrls),
				style_profile: JSON.stringify(profile),
				trained_at: sql<Date>`now()`,
			})
			.where('user_id', '=', userId)
			.where('id', '=', agentId)
			.executeTakeFirst()
		if (result.numUpdatedRows === 0n) return notFound
		return { ok: true, profile, failures: read.failures }
	}

	async function deleteLogoFile(userId: string, logoUrl: string) {
		const key = keyOfMediaUrl(logoUrl, '')
		if (!key) return
		await db.deleteFrom('uploads').where('user_id', '=', userId).where('storage_key', '=', key).execute()
		await files.delete(key).catch((error: unknown) => logger?.warn('logo_delete_failed', { key, error: String(error) }))
	}

	/** Stores a new logo (checked by content) and replaces the preset's old one, whose file is deleted. */
	async function uploadLogo(userId: string, agentId: string, file: { name: string; bytes: Uint8Array }): Promise<AgentResult<{ logoUrl: string }>> {
		if (!isUuid(agentId)) return notFound
		if (!(await get(userId, agentId))) return notFound
		const logo = await prepareLogo(file.bytes)
		if (typeof logo === 'string') return { ok: false, error: logo }
		const key = `logos/${randomUUID()}.${logo.ext}`
		await files.put(key, logo.bytes, logo.contentType)
		const logoUrl = mediaPath(key)
		const previous = await db.transaction().execute(async (trx) => {
			const row = await trx.selectFrom('agent_configurations').select('logo_url').where('user_id', '=', userId).where('id', '=', agentId).forUpdate().executeTakeFirst()
			if (!row) return null
			await trx
				.insertInto('uploads')
				.values({ user_id: userId, kind: 'brand_logo', storage_key: key, content_type: logo.contentType, byte_size: logo.bytes.byteLength, original_name: file.name.slice(0, 255) || null })
				.execute()
			await trx.updateTable('agent_configurations').set({ logo_url: logoUrl }).where('id', '=', agentId).execute()
			return { logoUrl: row.logo_url }
		})
		if (!previous) {
			await files.delete(key)
			return notFound
		}
		if (previous.logoUrl) await deleteLogoFile(userId, previous.logoUrl)
		return { ok: true, logoUrl }
	}

	async function removeLogo(userId: string, agentId: string): Promise<AgentResult> {
		if (!isUuid(agentId)) return notFound
		const previous = await db.transaction().execute(async (trx) => {
			const row = await trx.selectFrom('agent_configurations').select('logo_url').where('user_id', '=', userId).where('id', '=', agentId).forUpdate().executeTakeFirst()
			if (!row) return null
			await trx.updateTable('agent_configurations').set({ logo_url: null }).where('id', '=', agentId).execute()
			return { logoUrl: row.logo_url }
		})
		if (!previous) return notFound
		if (previous.logoUrl) await deleteLogoFile(userId, previous.logoUrl)
		return { ok: true }
	}

	return { list, get, create, rename, setDefault, remove, save, train, uploadLogo, removeLogo }
}
