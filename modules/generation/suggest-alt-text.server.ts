import { once } from '#modules/core/request-keys.server.ts'
import { altTextLimit, writeAltText } from './alt-text.server.ts'
import { resolveModels, type GenerationDeps } from './generate.server.ts'

export type AltTextSuggestion = { ok: true; altText: string } | { ok: false; code: 'request_conflict' }

export type SuggestAltTextInput = {
	requestId: string
	/** The post_media item it is for (the request id's input: the same id for another item is a conflict). */
	mediaId: string
	image: { bytes: Uint8Array; contentType: string } | null
	postText: string
	signal?: AbortSignal
}

/**
 * 'Alt-Text vorschlagen': a German alt text for an image of a post, written as for a generated image
 * (the default language model's provider, looking at the image where it can), not saved. Free, like the
 * alt text made with a generated image. Once per request id: a repeat answers the first suggestion.
 */
export async function suggestAltText(deps: GenerationDeps, userId: string, input: SuggestAltTextInput): Promise<AltTextSuggestion> {
	const { none } = await resolveModels(deps.db, deps.ai, [])
	// Written before the key is claimed: the request-key transaction is not held open over an AI call.
	const altText = await writeAltText({ ai: deps.ai, logger: deps.logger, maxLength: altTextLimit(deps.platforms.descriptors) }, none.text.provider, {
		model: none.text.modelId,
		imagePrompt: null,
		subject: '',
		keywords: [],
		postText: input.postText,
		titleCard: false,
		brandName: '',
		image: input.image,
		signal: input.signal,
	})
	const outcome = await once(deps.db, { userId, requestId: input.requestId, action: 'suggest_alt_text', input: { mediaId: input.mediaId } }, async () => ({ ok: true as const, altText }))
	return outcome.kind === 'conflict' ? { ok: false, code: 'request_conflict' } : outcome.result
}
