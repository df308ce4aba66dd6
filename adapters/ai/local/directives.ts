import type { TextBrief } from '#modules/ai/ports.ts'

// The offline writer cannot follow free instructions, but it follows the plain ones an admin's prompt
// template (or the learned style in the built-in one) gives, the same way every time:
//   Beginne mit „…“ · Beende mit „…“ · #Hashtags · keine Emojis · keine Hashtags · höchstens N Zeichen ·
//   Anrede: Sie / du (also: siezen, duzen).
// The user's own material (the source, the persona's description and knowledge base) is removed first:
// a hashtag or a sentence in the source is no instruction.

export type TemplateDirectives = {
	opening: string | null
	closing: string | null
	hashtags: Array<string>
	noEmojis: boolean
	noHashtags: boolean
	maxLength: number | null
	/** true: Sie, false: du, null: as the persona says. */
	sie: boolean | null
}

export const NO_DIRECTIVES: TemplateDirectives = { opening: null, closing: null, hashtags: [], noEmojis: false, noHashtags: false, maxLength: null, sie: null }

const QUOTED = '[„"“»]([^“”"«\\n]{1,200})[“”"«]'
const OPENING = new RegExp(`\\b(?:beginne|starte|eröffne)\\b[^„"“»\\n]{0,60}?${QUOTED}`, 'iu')
const CLOSING = new RegExp(`\\b(?:beende|schliesse|schließe|ende)\\b[^„"“»\\n]{0,60}?${QUOTED}`, 'iu')
const HASHTAG = /(?<![\p{L}\p{N}_&#])#([\p{L}\p{N}_]{2,60})/gu
const NO_EMOJIS = /\b(?:keine|ohne)\s+emojis?\b/iu
const NO_HASHTAGS = /\b(?:keine|ohne)\s+hashtags?\b/iu
const MAX_LENGTH = /\b(?:höchstens|maximal|max\.)\s*(\d{2,5})\s*zeichen\b/iu
const SIE = /\b(?:anrede:\s*sie\b|siez(?:e|en|t)\b|sie-form\b)/iu
const DU = /\b(?:anrede:\s*du\b|duz(?:e|en|t)\b|du-form\b)/iu

function withoutUserMaterial(text: string, brief: TextBrief) {
	const material = [brief.source.text, brief.source.title, brief.persona?.description, brief.persona?.knowledgeBase?.slice(0, 3000), brief.persona?.targetAudience]
	let rest = text
	for (const part of material) if (part && part.trim().length > 0) rest = rest.split(part).join(' ')
	return rest
}

/** The instructions of the filled system and user prompt that the offline writer follows. */
export function readDirectives(system: string, prompt: string, brief: TextBrief): TemplateDirectives {
	const text = withoutUserMaterial(`${system}\n${prompt}`, brief)
	const max = text.match(MAX_LENGTH)
	const tags = [...text.matchAll(HASHTAG)].map((match) => `#${match[1]!}`)
	const unique = tags.filter((tag, index) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === index)
	return {
		opening: text.match(OPENING)?.[1]?.trim() || null,
		closing: text.match(CLOSING)?.[1]?.trim() || null,
		hashtags: unique,
		noEmojis: NO_EMOJIS.test(text),
		noHashtags: NO_HASHTAGS.test(text),
		maxLength: max ? Number(max[1]) : null,
		sie: SIE.test(text) ? true : DU.test(text) ? false : null,
	}
}
