import { replaceVariables, type ImagePromptVariable, type PromptCategory, type TextPromptVariable } from './prompt-variables.ts'
import type { ImageBrief, Persona, StyleProfile, TextBrief } from '#modules/ai/index.ts'
import { KNOWLEDGE_BUDGET } from '#modules/agents/index.ts'

// The prompts sent to language and image models. An active admin prompt of the category
// ('Prompts verwalten') replaces the built-in template; its {variables} are filled from the values below.
// The names of those values are the admin's catalogue (./prompt-variables.ts): the
// `satisfies` below keep the two in step, so the admin's dialog reports exactly what is not filled here.

const BUILT_IN_SYSTEM = `Du bist {agent_name}, ein KI-Agent, der Social-Media-Beiträge auf Deutsch schreibt.
Persönlichkeit: {personality}. Tonalität: {tone}. Zielgruppe: {target_audience}.
{persona_details}
Schreibe ausschliesslich den fertigen Beitrag, ohne Einleitung, ohne Anführungszeichen und ohne Markdown-Überschriften.`

const BUILT_IN_PLATFORM = `Schreibe einen {platform}-Beitrag im Stil "{style}" auf Deutsch.
Höchstens {max_length} Zeichen inklusive Hashtags. Verwende {hashtag_min} bis {hashtag_max} passende Hashtags am Ende.
Grundlage ({source_kind}{source_title}):
"""
{source}
"""`

const BUILT_IN_IMAGE = `Ein hochwertiges, modernes Social-Media-Bild (Seitenverhältnis {aspect}) zum Thema: {headline}.
Stichworte: {keywords}. {brand_hint}Keine Schrift im Bild, keine Logos Dritter, fotorealistisch oder klare Illustration.`

const KIND_LABELS: Record<string, string> = {
	'smart-post': 'Idee',
	youtube: 'YouTube-Video',
	'web-article': 'Web-Artikel',
	'pdf-notes': 'Dokument oder Notizen',
	'audio-image': 'Sprachaufnahme oder Bild',
	'image-prompt': 'Bildbeschreibung',
}

/** Replaces {name} with its value; unknown names stay as they are. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>) {
	return replaceVariables(template, (name) => (Object.hasOwn(values, name) ? values[name]! : null))
}

function personaDetails(persona: Persona | null) {
	if (!persona) return ''
	const lines = [
		persona.description && `Beschreibung: ${persona.description}`,
		persona.industry && `Branche: ${persona.industry}`,
		persona.specialties.length > 0 && `Fachgebiete: ${persona.specialties.join(', ')}`,
		// The generation passes the passages that match the input (agents' selectKnowledge); the cut guards other callers.
		persona.knowledgeBase && `Wissensbasis: ${persona.knowledgeBase.slice(0, KNOWLEDGE_BUDGET)}`,
		`Formalität ${persona.formality}/100 (ab 60 Sie, sonst du), Kreativität ${persona.creativity}/100, Humor ${persona.humor}/100, Empathie ${persona.empathy}/100, Begeisterung ${persona.enthusiasm}/100.`,
		persona.brand.useBranding && persona.brand.name && `Marke: ${persona.brand.name}`,
		persona.styleProfile && learnedStyle(persona.styleProfile),
	]
	return lines.filter(Boolean).join('\n')
}

/** The style 'Agent trainieren' learned from the user's own posts, as instructions (each learned habit one). */
export function learnedStyle(profile: StyleProfile) {
	const parts = [
		`typische Länge etwa ${profile.typicalLength} Zeichen`,
		`Sätze mit durchschnittlich ${profile.sentenceWords} Wörtern`,
		profile.emojisPerPost > 0 ? `${profile.emojisPerPost} Emojis pro Beitrag${profile.topEmojis.length ? ` (am liebsten ${profile.topEmojis.join(' ')})` : ''}` : 'keine Emojis',
		profile.hashtagsPerPost > 0 ? `${profile.hashtagsPerPost} Hashtags pro Beitrag` : 'keine Hashtags',
		profile.formality && `Anrede: ${profile.formality === 'formell' ? 'Sie' : 'du'}`,
		profile.exclamationsPerPost >= 1 && 'setzt gern Ausrufezeichen',
	]
	const rules = [
		`Gelernter Schreibstil aus ${profile.samples} eigenen Beiträgen (übernimm ihn, innerhalb der Plattformgrenzen): ${parts.filter(Boolean).join('; ')}.`,
		profile.hashtagsPerPost > 0 && profile.topHashtags.length > 0 && `Verwende die eigenen Hashtags ${profile.topHashtags.join(' ')}.`,
		profile.phrases.length > 0 && `Baue eine der wiederkehrenden Wendungen ein: ${profile.phrases.map((p) => `„${p}“`).join(', ')}.`,
		questionRule(profile),
		profile.signature && `Beende den Beitrag (vor den Hashtags) mit der Signatur „${profile.signature}“.`,
	]
	return rules.filter(Boolean).join('\n')
}

function questionRule(profile: StyleProfile) {
	if (profile.questionPosition === 'opening') return 'Eröffne den Beitrag mit einer Frage.'
	if (profile.questionPosition === 'closing') return 'Schliesse den Text mit einer Frage an die Leserschaft.'
	if (profile.questionsPerPost >= 0.5) return 'Stelle der Leserschaft eine Frage.'
	return null
}

export function textPrompts(brief: TextBrief, templates: Partial<Record<PromptCategory, string>>) {
	const persona = brief.persona
	const values = {
		agent_name: persona?.name ?? 'Postwerk',
		personality: persona?.personality ?? 'professional',
		tone: persona?.tone ?? 'professional',
		target_audience: persona?.targetAudience ?? 'Unternehmerinnen und Unternehmer',
		persona_details: personaDetails(persona),
		brand_name: persona?.brand.name ?? '',
		platform: brief.platformName,
		style: brief.style,
		max_length: String(brief.maxLength),
		hashtag_min: String(brief.hashtags.min),
		hashtag_max: String(brief.hashtags.max),
		source_kind: KIND_LABELS[brief.source.kind] ?? brief.source.kind,
		source_title: brief.source.title ? `: ${brief.source.title}` : '',
		source: brief.source.text,
		content: brief.source.text,
		topic: brief.source.title ?? brief.source.text.slice(0, 120),
	} satisfies Record<TextPromptVariable, string>
	return {
		system: withHabits(fillTemplate(templates.content_generation ?? BUILT_IN_SYSTEM, values), templates.content_generation, persona),
		prompt: fillTemplate(templates.platform_generation ?? BUILT_IN_PLATFORM, values),
	}
}

/**
 * An admin's system template composes with what the agent learned: a template that does not place
 * {persona_details} still gets the learned habits (own hashtags, emojis, phrases, signature) after its text.
 */
function withHabits(system: string, template: string | undefined, persona: Persona | null) {
	if (!template || !persona?.styleProfile || template.includes('{persona_details}')) return system
	return `${system}\n\n${learnedStyle(persona.styleProfile)}`
}

export function imagePrompt(brief: ImageBrief, templates: Partial<Record<PromptCategory, string>>) {
	const brand = brief.persona?.brand
	const values = {
		aspect: brief.aspect,
		headline: brief.headline,
		keywords: brief.keywords.join(', '),
		brand_hint: brand?.useBranding && brand.colors.length > 0 ? `Farbwelt der Marke: ${brand.colors.join(', ')}. ` : '',
		brand_name: brand?.name ?? '',
		content: brief.headline,
	} satisfies Record<ImagePromptVariable, string>
	return fillTemplate(templates.image_generation ?? BUILT_IN_IMAGE, values)
}
