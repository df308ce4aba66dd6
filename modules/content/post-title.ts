import posts from '#locales/de/posts.json' with { type: 'json' }
import { titleFromText, type PostContent } from './post-content.ts'

/** A post's title: the start of its base text (else its first network's), or 'Unbenannter Post'. */
export function postTitle(content: PostContent) {
	return titleFromText(content.base || Object.values(content.platforms)[0] || '') ?? posts.untitledPost
}
