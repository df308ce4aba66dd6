import { z } from 'zod'
import type { Platform } from '#modules/content/platforms.ts'
import { GENERATED_MEDIA_KEY } from './generated-media-key.ts'
import { MEDIA_KINDS, NOTES_MAX, PASTED_MAX, PROMPT_MAX, type MediaKind } from '#modules/media/kinds.ts'

// The creator's request, as the web layer parses it from the multipart form of /api/generations.

export type UploadedFile = { name: string; bytes: Uint8Array }

export type ArticleData = { title: string; url: string; source: string; publishedDate: string; text: string }

export type GenerationInput = {
	/** Chosen by the browser per click on 'Bilder generieren & Vorschau': a retried request charges once. */
	requestId: string
	kind: MediaKind
	platforms: Array<Platform>
	/** null: no agent ('Kein Agent'), the default models. */
	agentId: string | null
	prompt: string
	url: string
	notes: string
	/** The text of a video or article pasted by the user when it could not be read: used instead of fetching. */
	pasted?: string
	article: ArticleData | null
	document: UploadedFile | null
	image: UploadedFile | null
	audio: UploadedFile | null
	/** A model test's image or video of the user's by its stored key (ADR 0068): the post's media instead of an upload. */
	generatedMedia?: string | null
}

const ArticleSchema = z.object({
	title: z.string().max(500).default(''),
	url: z.string().max(2048).default(''),
	source: z.string().max(200).default(''),
	publishedDate: z.string().max(50).default(''),
	text: z.string().max(20_000).default(''),
})

/** `registered`: the registered platform ids in the registry's order; the chosen ones come back in that order. */
const fieldsSchema = (registered: ReadonlyArray<Platform>) => z.object({
	requestId: z.uuid(),
	kind: z.enum(MEDIA_KINDS),
	platforms: z
		.array(z.string().refine((p) => registered.includes(p)))
		.max(registered.length)
		.transform((list) => registered.filter((p) => list.includes(p))),
	agentId: z.union([z.uuid(), z.literal('')]).transform((v) => v || null),
	prompt: z.string().max(PROMPT_MAX).default(''),
	url: z.string().max(2048).default(''),
	notes: z.string().max(NOTES_MAX).default(''),
	pasted: z.string().max(PASTED_MAX).default(''),
	article: z.string().max(30_000).default(''),
	generatedMedia: z.union([z.string().regex(GENERATED_MEDIA_KEY), z.literal('')]).default('').transform((v) => v || null),
})

async function fileOf(value: FormDataEntryValue | null): Promise<UploadedFile | null> {
	if (!value || typeof value === 'string' || value.size === 0) return null
	return { name: value.name.slice(0, 255), bytes: new Uint8Array(await value.arrayBuffer()) }
}

/** Parses the multipart form; null when the form is malformed (not something the creator sends). `platforms`: publishing.platforms.ids. */
export async function parseGenerationForm(form: FormData, platforms: ReadonlyArray<Platform>): Promise<GenerationInput | null> {
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : undefined
	}
	const parsed = fieldsSchema(platforms).safeParse({
		requestId: text('requestId'),
		kind: text('kind'),
		platforms: form.getAll('platforms').filter((v) => typeof v === 'string'),
		agentId: text('agentId') ?? '',
		prompt: text('prompt'),
		url: text('url'),
		notes: text('notes'),
		pasted: text('pasted'),
		article: text('article'),
		generatedMedia: text('generatedMedia'),
	})
	if (!parsed.success) return null
	let article: ArticleData | null = null
	if (parsed.data.article) {
		try {
			const result = ArticleSchema.safeParse(JSON.parse(parsed.data.article))
			if (result.success) article = result.data
		} catch {
			return null
		}
	}
	const [document, image, audio] = await Promise.all([fileOf(form.get('document')), fileOf(form.get('image')), fileOf(form.get('audio'))])
	return { ...parsed.data, article, document, image, audio }
}

/** What a generation row keeps of its input (input_summary): a retry under the same request id must match it. */
export function inputSummaryOf(input: Pick<GenerationInput, 'prompt' | 'url' | 'notes' | 'document' | 'image' | 'audio'>) {
	return (input.prompt || input.url || input.notes || input.document?.name || input.image?.name || input.audio?.name || '').slice(0, 2000)
}
