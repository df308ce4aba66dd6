import type { AiProviders } from '#modules/ai/index.ts'
import type { Platform } from '#modules/core/platform-id.ts'
import type { NewIdea } from './ideas.server.ts'
import { platformIdsOf, type NewsPlatforms } from './platforms.ts'
import { templateIdeas, type IdeaContext, type IdeaNews } from './idea-templates.ts'
import { cutAtWord, extractiveSummary, SUMMARY_MAX } from './summary.ts'

// Who writes the German summaries and ideas: the provider of NEWS_TEXT_MODEL when its key is set,
// else the local, honest default (extractive summaries, template ideas), marked test mode.

export type NewsWriter = {
	/** true for the local default: the page says the summaries are excerpts, not AI texts. */
	testMode: boolean
	summarise(entry: { title: string; summary: string }, signal?: AbortSignal): Promise<string>
	ideas(news: ReadonlyArray<IdeaNews>, settings: IdeaContext, count: number, variant: number, signal?: AbortSignal): Promise<Array<NewIdea>>
}

export const NEWS_TEXT_MODEL = 'gpt-4o-mini'
const AI_TIMEOUT_MS = 20_000

/** `platforms`: the registered ones (publishing's descriptors); the ideas name only these. */
export function createNewsWriter(ai: AiProviders | null | undefined, platforms: NewsPlatforms): NewsWriter {
	const localWriter: NewsWriter = {
		testMode: true,
		summarise: async (entry) => extractiveSummary(entry.summary),
		ideas: async (news, settings, count, variant) => templateIdeas(platforms, news, settings, count, variant),
	}
	const provider = ai?.forProvider(ai.providerOfModel(NEWS_TEXT_MODEL))
	const text = provider && !provider.testMode ? provider.text : undefined
	if (!text) return localWriter
	const ids = platformIdsOf(platforms)

	const ask = async (system: string, prompt: string, maxLength: number, signal?: AbortSignal) => {
		const timeout = AbortSignal.timeout(AI_TIMEOUT_MS)
		const result = await text.generate({
			model: NEWS_TEXT_MODEL,
			parameters: { temperature: 0.4 },
			system,
			prompt,
			// Not a post: the brief only informs writers that compose from it (the remote model reads the prompts).
			brief: {
				platform: 'news',
				platformName: 'Nachrichten',
				group: 'long',
				maxLength,
				style: 'Nachrichten-Zusammenfassung',
				hashtags: { min: 0, max: 0 },
				persona: null,
				source: { kind: 'web-article', title: null, text: prompt, origin: null },
			},
			signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
		})
		return result.text.trim()
	}

	return {
		testMode: false,
		async summarise(entry, signal) {
			const fallback = extractiveSummary(entry.summary)
			if (!entry.summary.trim()) return fallback
			try {
				const summary = await ask(
					'Du fasst Nachrichten sachlich auf Deutsch zusammen. Nur Fakten aus dem gegebenen Text, nichts erfinden. Zwei bis drei Sätze, höchstens 300 Zeichen, ohne Einleitung.',
					`Titel: ${entry.title}\n\nText: ${entry.summary.slice(0, 4000)}`,
					SUMMARY_MAX,
					signal,
				)
				return summary ? cutAtWord(summary, SUMMARY_MAX) : fallback
			} catch {
				return fallback
			}
		},
		async ideas(news, settings, count, variant, signal) {
			const fallback = templateIdeas(platforms, news, settings, count, variant)
			try {
				const answer = await ask(
					ideasSystemPrompt(ids),
					[
						`Nische: ${settings.niche || '(keine Angabe)'}`,
						`Zielgruppe: ${settings.targetAudience || '(keine Angabe)'}`,
						`Keywords: ${settings.keywords.join(', ') || '(keine)'}`,
						`Aktuelle News:\n${news.map((n, i) => `${i + 1}. ${n.title} (${n.source})`).join('\n') || '(keine)'}`,
						`Schreibe genau ${count} Ideen mit Titel (höchstens 100 Zeichen) und Beschreibung (ein bis zwei Sätze).`,
					].join('\n'),
					4000,
					signal,
				)
				const parsed = parseIdeas(answer, ids)
				if (parsed.length < count) return fallback
				return parsed.slice(0, count).map((idea, i) => ({
					...idea,
					source: news[i] ? `News: ${news[i].source}` : 'Content-Einstellungen',
					publishedDate: news[i]?.publishedDate ?? null,
					trending: news[i]?.trending ?? false,
					contentType: 'ai-idea',
				}))
			} catch {
				return fallback
			}
		},
	}
}

/** The AI writer's instructions: the JSON to answer with and the registered platforms to choose from. */
export function ideasSystemPrompt(ids: ReadonlyArray<Platform>) {
	return (
		'Du entwickelst Social-Media-Content-Ideen auf Deutsch (Sie-Form). Antworte nur mit JSON: ' +
		`{"ideas":[{"title":"...","description":"...","keyword":"...","platforms":${JSON.stringify(ids.slice(0, 1))}}]}. Plattformen: ${ids.join(', ')}.`
	)
}

/** The ideas of the AI's answer; platforms only registered ones (`ids`), the first registered one when it names none. */
export function parseIdeas(answer: string, ids: ReadonlyArray<Platform>): Array<Pick<NewIdea, 'title' | 'description' | 'keyword' | 'platforms'>> {
	const json = answer.slice(answer.indexOf('{'), answer.lastIndexOf('}') + 1)
	const value = JSON.parse(json) as { ideas?: Array<Record<string, unknown>> }
	return (value.ideas ?? []).flatMap((idea) => {
		const title = typeof idea.title === 'string' ? idea.title.trim() : ''
		const description = typeof idea.description === 'string' ? idea.description.trim() : ''
		if (!title || !description) return []
		const list = Array.isArray(idea.platforms) ? idea.platforms.filter((p): p is Platform => typeof p === 'string' && ids.includes(p)) : []
		return [{ title: title.slice(0, 200), description: description.slice(0, 1000), keyword: typeof idea.keyword === 'string' ? idea.keyword.slice(0, 100) : null, platforms: list.length ? list : ids.slice(0, 1) }]
	})
}
