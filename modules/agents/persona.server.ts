import type { Db } from '#modules/core/db.server.ts'
import type { Persona, StyleProfile } from '#modules/ai/index.ts'
import { readStyleProfile } from './style.ts'

/** What generation needs of an agent preset: the persona for prompts and images, and its models. */
export type AgentPersona = Persona & {
	id: string
	/** Learned by 'Agent trainieren'; null before the first training. */
	styleProfile: StyleProfile | null
	languageModel: string
	imageModel: string
	videoModel: string
}

const columns = [
	'id',
	'name',
	'personality',
	'tone',
	'target_audience',
	'description',
	'industry',
	'specialties',
	'knowledge_base',
	'formality',
	'creativity',
	'humor',
	'empathy',
	'enthusiasm',
	'brand_name',
	'brand_colors',
	'accent_color',
	'use_branding',
	'logo_url',
	'language_model',
	'image_model',
	'video_model',
	'is_default',
	'avatar',
	'agent_order',
	'style_profile',
] as const

function strings(value: unknown) {
	return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

type Row = Awaited<ReturnType<typeof selectAgents>>[number]

function selectAgents(db: Db, userId: string) {
	return db.selectFrom('agent_configurations').select(columns).where('user_id', '=', userId).orderBy('agent_order').execute()
}

function toPersona(row: Row): AgentPersona {
	return {
		id: row.id,
		name: row.name,
		personality: row.personality,
		tone: row.tone,
		targetAudience: row.target_audience,
		description: row.description,
		industry: row.industry,
		specialties: strings(row.specialties),
		knowledgeBase: row.knowledge_base,
		formality: row.formality,
		creativity: row.creativity,
		humor: row.humor,
		empathy: row.empathy,
		enthusiasm: row.enthusiasm,
		brand: { name: row.brand_name, colors: strings(row.brand_colors), accentColor: row.accent_color, useBranding: row.use_branding, logoUrl: row.logo_url },
		styleProfile: readStyleProfile(row.style_profile),
		languageModel: row.language_model,
		imageModel: row.image_model,
		videoModel: row.video_model,
	}
}

/** The user's presets with their personas, in preset order (one query). */
export async function listPersonas(db: Db, userId: string) {
	const rows = await selectAgents(db, userId)
	return rows.map((row) => ({ ...toPersona(row), avatar: row.avatar, isDefault: row.is_default }))
}

/** One of the user's presets; another user's id answers null. */
export async function findPersona(db: Db, userId: string, agentId: string): Promise<AgentPersona | null> {
	if (!/^[0-9a-f-]{36}$/i.test(agentId)) return null
	const row = await db.selectFrom('agent_configurations').select(columns).where('user_id', '=', userId).where('id', '=', agentId).executeTakeFirst()
	return row ? toPersona(row) : null
}
