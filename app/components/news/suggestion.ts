import type { Platform } from '#modules/publishing/descriptor.ts'
import type { IdeaView, NewsItemView } from '#modules/news/index.ts'

// The navigation state that opens the creator with a suggestion (app/components/creator/start.ts
// reads it): content is the title, a blank line, the description.

export type Suggestion = {
	title: string
	description: string
	content: string
	source: string
	publishedDate: string | null
	trending: boolean
	platform: Array<string> | string
	keyword: string | null
	type: string
}

/** `platform`: the one the creator starts with (the registry's first, usePlatforms()); none: the user chooses. */
export function newsSuggestion(item: Pick<NewsItemView, 'title' | 'content' | 'source' | 'publishedDate' | 'trending' | 'keywords'>, platform: Platform | null): Suggestion {
	return {
		title: item.title,
		description: item.content,
		content: [item.title, item.content].filter(Boolean).join('\n\n'),
		source: item.source,
		publishedDate: item.publishedDate,
		trending: item.trending,
		platform: platform ?? [],
		keyword: item.keywords[0] ?? null,
		type: 'news',
	}
}

export function ideaSuggestion(idea: Pick<IdeaView, 'title' | 'description' | 'source' | 'publishedDate' | 'trending' | 'platforms' | 'keyword' | 'contentType'>): Suggestion {
	return {
		title: idea.title,
		description: idea.description,
		content: [idea.title, idea.description].filter(Boolean).join('\n\n'),
		source: idea.source,
		publishedDate: idea.publishedDate,
		trending: idea.trending,
		platform: idea.platforms,
		keyword: idea.keyword,
		type: idea.contentType ?? 'idea',
	}
}

/** 'yyyy-MM-dd' as 'dd.MM.yyyy'. */
export function germanDate(isoDate: string | null) {
	if (!isoDate) return ''
	const [y, m, d] = isoDate.slice(0, 10).split('-')
	return y && m && d ? `${d}.${m}.${y}` : ''
}
