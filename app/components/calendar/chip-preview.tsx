import { HoverCard } from '@radix-ui/themes'
import { PostPreview } from './post-preview.tsx'
import type { CalendarPost } from './types.ts'

type Props = { post: CalendarPost; open: boolean; onOpenChange: (open: boolean) => void; children: React.ReactElement }

/** A chip with its hover card (loaded with the first chip a mouse, pen or the keyboard reaches; see post-chip.tsx). */
export function ChipPreview({ post, open, onOpenChange, children }: Props) {
	return (
		<HoverCard.Root open={open} onOpenChange={onOpenChange} openDelay={250} closeDelay={100}>
			<HoverCard.Trigger>{children}</HoverCard.Trigger>
			<HoverCard.Content width="320px" maxWidth="calc(100vw - 20px)" size="2" className="cal-preview">
				<PostPreview post={post} />
			</HoverCard.Content>
		</HoverCard.Root>
	)
}
