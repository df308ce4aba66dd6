import type { ChannelView } from '#modules/publishing/index.ts'
import { AiLabelControl } from './ai-label-control.tsx'
import type { BoardItem } from './board-items.ts'
import { FirstCommentField } from './first-comment-field.tsx'
import type { Platform } from '#modules/content/platforms.ts'

/** What the editor asks beside the texts (ADR 0062): the first comment, and a post's AI label (a draft has none until it is a post). */
export function EditorExtras({ item, networks, channels }: { item: BoardItem; networks: ReadonlyArray<Platform>; channels: ReadonlyArray<ChannelView> }) {
	return (
		<>
			<FirstCommentField initial={item.firstComment} networks={networks} channels={channels} />
			{item.aiLabel ? <AiLabelControl initial={item.aiLabel} /> : null}
		</>
	)
}
