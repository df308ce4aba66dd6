import { z } from 'zod'
import { onboardingIndustries } from './onboarding-schema.ts'

// The agent screen's rules, shared by the browser (adding a text, URL or specialty; the whole
// preset before 'Speichern') and the server action that stores it, so it stays pure zod.
// Error messages are keys of the `agents` namespace (locales/de/agents.json).

export const MAX_AGENTS = 3

export const agentAvatars = [
	'bot',
	'user',
	'brain',
	'sparkles',
	'target',
	'building',
	'briefcase',
	'shield',
	'heart',
	'lightbulb',
	'crown',
	'star',
	'diamond',
	'flame',
	'coffee',
	'rocket',
	'globe',
	'zap',
	'music',
] as const

// 'creative' is not offered on this screen but an onboarding agent may carry it.
export const agentPersonalities = [
	'professional',
	'friendly',
	'authoritative',
	'casual',
	'expert',
	'enthusiastic',
	'empathetic',
	'innovative',
	'trustworthy',
	'inspiring',
	'creative',
] as const

export const agentTones = ['professional', 'conversational', 'friendly', 'authoritative', 'inspiring', 'casual', 'formal', 'educational', 'motivational', 'humorous'] as const

export const agentIndustries = onboardingIndustries

/** The fixed target audiences of the Profil tab (a free text from the onboarding stays as it is). */
export const targetAudiences = [
	'entrepreneurs',
	'small_business',
	'startups',
	'founders',
	'freelancers',
	'marketing_professionals',
	'sales_professionals',
	'hr_professionals',
	'managers',
	'executives',
	'consultants',
	'coaches',
	'developers',
	'designers',
	'engineers',
	'scientists',
	'tech_enthusiasts',
	'content_creators',
	'influencers',
	'artists',
	'musicians',
	'photographers',
	'students',
	'teachers',
	'job_seekers',
	'young_professionals',
	'parents',
	'seniors',
	'healthcare_professionals',
	'lawyers',
	'real_estate_agents',
	'architects',
	'investors',
	'retailers',
	'restaurant_owners',
	'craftspeople',
	'farmers',
	'nonprofits',
	'public_sector',
	'gamers',
	'athletes',
	'fitness_enthusiasts',
	'travelers',
	'foodies',
	'pet_owners',
	'local_community',
] as const

export const sliderKeys = ['formality', 'creativity', 'humor', 'empathy', 'enthusiasm'] as const
export type SliderKey = (typeof sliderKeys)[number]

export const agentLimits = {
	nameMax: 100,
	descriptionMax: 2000,
	audienceMax: 1000,
	voiceMax: 5000,
	brandNameMax: 200,
	brandColorsMax: 10,
	trainingTextMax: 5000,
	trainingTextsMax: 30,
	postUrlMax: 2048,
	postUrlsMax: 20,
	specialtyMax: 100,
	specialtiesMax: 30,
	knowledgeMax: 50_000,
} as const

export const LOGO_MAX_BYTES = 5 * 1024 * 1024
/** What the logo picker offers; the server decides by the file's content. */
export const LOGO_EXTENSIONS = ['png', 'svg', 'jpg', 'jpeg'] as const
export const LOGO_ACCEPT = '.png,.svg,.jpg,.jpeg,image/png,image/svg+xml,image/jpeg'

export const agentErrorKeys = {
	nameRequired: 'errors.nameRequired',
	nameTooLong: 'errors.nameTooLong',
	invalidOption: 'errors.invalidOption',
	tooLong: 'errors.tooLong',
	slider: 'errors.slider',
	colorInvalid: 'errors.colorInvalid',
	colorDuplicate: 'errors.colorDuplicate',
	tooMany: 'errors.tooMany',
	trainingTextEmpty: 'errors.trainingTextEmpty',
	trainingTextDuplicate: 'errors.trainingTextDuplicate',
	urlInvalid: 'errors.urlInvalid',
	urlDuplicate: 'errors.urlDuplicate',
	specialtyEmpty: 'errors.specialtyEmpty',
	specialtyDuplicate: 'errors.specialtyDuplicate',
} as const

export type AgentErrorKey = (typeof agentErrorKeys)[keyof typeof agentErrorKeys]

const HEX = /^#[0-9a-fA-F]{6}$/

export const AgentNameSchema = z
	.string({ error: agentErrorKeys.nameRequired })
	.trim()
	.min(1, { error: agentErrorKeys.nameRequired })
	.max(agentLimits.nameMax, { error: agentErrorKeys.nameTooLong })

export const TrainingTextSchema = z
	.string({ error: agentErrorKeys.trainingTextEmpty })
	.trim()
	.min(1, { error: agentErrorKeys.trainingTextEmpty })
	.max(agentLimits.trainingTextMax, { error: agentErrorKeys.tooLong })

/** A parsable absolute URL (http or https: the training reads the page behind it). */
export function isAbsoluteUrl(value: string) {
	if (!URL.canParse(value)) return false
	const { protocol, hostname } = new URL(value)
	return (protocol === 'http:' || protocol === 'https:') && hostname.length > 0
}

export const PostUrlSchema = z
	.string({ error: agentErrorKeys.urlInvalid })
	.trim()
	.max(agentLimits.postUrlMax, { error: agentErrorKeys.urlInvalid })
	.refine(isAbsoluteUrl, { error: agentErrorKeys.urlInvalid })

export const SpecialtySchema = z
	.string({ error: agentErrorKeys.specialtyEmpty })
	.trim()
	.min(1, { error: agentErrorKeys.specialtyEmpty })
	.max(agentLimits.specialtyMax, { error: agentErrorKeys.tooLong })

export const ColorSchema = z.string({ error: agentErrorKeys.colorInvalid }).trim().regex(HEX, { error: agentErrorKeys.colorInvalid })

const sameText = (a: string, b: string) => a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de')

function unique(list: ReadonlyArray<string>, caseless: boolean) {
	const keys = list.map((item) => (caseless ? item.toLocaleLowerCase('de') : item))
	return new Set(keys).size === keys.length
}

/**
 * The error of adding `value` to `list` (the '+' buttons of Content-Training and Wissensbasis),
 * or null when it may be added.
 */
export function addError(kind: 'trainingText' | 'postUrl' | 'specialty' | 'color', value: string, list: ReadonlyArray<string>): AgentErrorKey | null {
	const schema = { trainingText: TrainingTextSchema, postUrl: PostUrlSchema, specialty: SpecialtySchema, color: ColorSchema }[kind]
	const parsed = schema.safeParse(value)
	if (!parsed.success) return parsed.error.issues[0]!.message as AgentErrorKey
	const max = { trainingText: agentLimits.trainingTextsMax, postUrl: agentLimits.postUrlsMax, specialty: agentLimits.specialtiesMax, color: agentLimits.brandColorsMax }[kind]
	if (list.length >= max) return agentErrorKeys.tooMany
	const caseless = kind === 'specialty' || kind === 'color'
	if (list.some((item) => (caseless ? sameText(item, parsed.data) : item.trim() === parsed.data))) {
		return { trainingText: agentErrorKeys.trainingTextDuplicate, postUrl: agentErrorKeys.urlDuplicate, specialty: agentErrorKeys.specialtyDuplicate, color: agentErrorKeys.colorDuplicate }[kind]
	}
	return null
}

const slider = z.number({ error: agentErrorKeys.slider }).int({ error: agentErrorKeys.slider }).min(0, { error: agentErrorKeys.slider }).max(100, { error: agentErrorKeys.slider })
const text = (max: number) => z.string().trim().max(max, { error: agentErrorKeys.tooLong }).default('')

export const TrainingMaterialSchema = z.object({
	trainingTexts: z
		.array(TrainingTextSchema)
		.max(agentLimits.trainingTextsMax, { error: agentErrorKeys.tooMany })
		.refine((list) => unique(list, false), { error: agentErrorKeys.trainingTextDuplicate })
		.default([]),
	postUrls: z
		.array(PostUrlSchema)
		.max(agentLimits.postUrlsMax, { error: agentErrorKeys.tooMany })
		.refine((list) => unique(list, false), { error: agentErrorKeys.urlDuplicate })
		.default([]),
})

/** Everything 'Speichern' stores (the logo has its own upload; the models are chosen in the gallery). */
export const AgentPresetSchema = z.object({
	name: AgentNameSchema,
	avatar: z.enum(agentAvatars, { error: agentErrorKeys.invalidOption }),
	personality: z.enum(agentPersonalities, { error: agentErrorKeys.invalidOption }),
	description: text(agentLimits.descriptionMax),
	targetAudience: text(agentLimits.audienceMax),
	tone: z.enum(agentTones, { error: agentErrorKeys.invalidOption }),
	industry: z.enum(agentIndustries, { error: agentErrorKeys.invalidOption }).nullable().default(null),
	formality: slider,
	creativity: slider,
	humor: slider,
	empathy: slider,
	enthusiasm: slider,
	voiceIdentity: text(agentLimits.voiceMax),
	writingStyle: text(agentLimits.voiceMax),
	brandName: text(agentLimits.brandNameMax),
	brandColors: z
		.array(ColorSchema)
		.max(agentLimits.brandColorsMax, { error: agentErrorKeys.tooMany })
		.refine((list) => unique(list, true), { error: agentErrorKeys.colorDuplicate })
		.default([]),
	accentColor: ColorSchema,
	useBranding: z.boolean().default(false),
	...TrainingMaterialSchema.shape,
	specialties: z
		.array(SpecialtySchema)
		.max(agentLimits.specialtiesMax, { error: agentErrorKeys.tooMany })
		.refine((list) => unique(list, true), { error: agentErrorKeys.specialtyDuplicate })
		.default([]),
	knowledgeBase: text(agentLimits.knowledgeMax),
})

export type AgentPresetValues = z.output<typeof AgentPresetSchema>
export type TrainingMaterial = z.output<typeof TrainingMaterialSchema>

/**
 * The preset as form fields in conform's naming (`trainingTexts[0]`, ...), for a fetcher submit
 * that the server reads with parseWithZod. Empty values and false are left out, as a form would.
 */
export function presetFormEntries(values: AgentPresetValues | TrainingMaterial): Array<[string, string]> {
	const entries: Array<[string, string]> = []
	for (const [key, value] of Object.entries(values)) {
		if (Array.isArray(value)) value.forEach((item, index) => entries.push([`${key}[${index}]`, String(item)]))
		else if (value === true) entries.push([key, 'on'])
		else if (value !== false && value !== null && value !== '') entries.push([key, String(value)])
	}
	return entries
}
