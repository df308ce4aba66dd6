import { splitIntoSlides, type Slide, type SlideTheme } from '#modules/media/index.ts'
import { textFor } from './post-content.ts'
import { documentRulesOf, readPostDocument, type PostDocumentDeps, type PostDocumentView } from './post-document.server.ts'
import { getPost } from './posts.server.ts'

/** The slide look for the editor's cards: the theme's colours and name, the logo's bytes left out. */
export type SlideLook = Omit<SlideTheme, 'logo'> & { hasLogo: boolean }

export type PostDocumentEditor = {
	/** The saved document's slides, else the post's text split into slides. */
	slides: Array<Slide>
	document: PostDocumentView | null
	look: SlideLook
	/** The names of the post's networks that take documents ('' list: none, the dialog is not offered). */
	networks: Array<string>
	/** The smallest limits among those networks, for the upload's own check. */
	limits: { maxBytes: number; maxPages: number } | null
}

/** What the document dialog opens with; null for a post that is not the user's. */
export async function postDocumentEditor(deps: PostDocumentDeps, userId: string, postId: string): Promise<PostDocumentEditor | null> {
	const post = await getPost(deps.db, deps.platforms, userId, postId)
	if (!post) return null
	const rules = documentRulesOf(post, deps.documentRules)
	const [document, theme] = await Promise.all([readPostDocument(deps.db, userId, postId), deps.slideTheme(userId, post.brandId)])
	const { logo, ...colours } = theme
	const slides = document?.slides ?? (rules[0] ? splitIntoSlides(textFor(post.content, rules[0].network)) : [])
	return {
		slides,
		document,
		look: { ...colours, hasLogo: logo !== null },
		networks: rules.map((rule) => rule.name),
		limits: rules.length ? { maxBytes: Math.min(...rules.map((r) => r.maxBytes)), maxPages: Math.min(...rules.map((r) => r.maxPages)) } : null,
	}
}
