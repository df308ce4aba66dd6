import type { AiLabel } from './platforms.ts'

// The AI label resolved (issue 39 item 7, ADR 0053 and 0060): pure, for the views, the export and the publisher.

/** What the label is judged from: the stored choice, whether the texts were generated, the items' origins. */
export type AiLabelFacts = {
	aiLabel: AiLabel
	/** The post's texts came from a generation (the creator stores the idea it generated from as `ai_prompt`). */
	textsGenerated: boolean
	media: ReadonlyArray<{ aiGenerated: boolean }>
}

/** Whether the post is marked as made with AI: 'on' and 'off' as chosen, 'auto' when any text or item was generated. */
export function aiLabelled(post: AiLabelFacts): boolean {
	if (post.aiLabel === 'on') return true
	if (post.aiLabel === 'off') return false
	return post.textsGenerated || post.media.some((item) => item.aiGenerated)
}
