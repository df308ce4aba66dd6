import type { AiLabel } from './platforms.ts'

// Pure and shared with the browser (ADR 0062). Whether a post shows the 'KI' badge: its label 'on', or
// 'auto' when one of its items was generated. Generated texts are not recorded per post yet, so 'auto'
// reads only the media; the slice that resolves 'auto' (ADR 0053) replaces this with the post's own answer.

export function isAiLabelled(label: AiLabel, media: ReadonlyArray<{ aiGenerated: boolean }>): boolean {
	return label === 'on' || (label === 'auto' && media.some((item) => item.aiGenerated))
}
