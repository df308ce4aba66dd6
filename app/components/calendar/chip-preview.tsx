import { HoverCard } from '@radix-ui/themes'
import { useEffect, useRef, useState } from 'react'
import type { CalendarPreview } from '#modules/content/index.ts'
import { PostPreview, type PreviewDetails } from './post-preview.tsx'
import type { CalendarPost } from './types.ts'

type Props = { post: CalendarPost; open: boolean; onOpenChange: (open: boolean) => void; children: React.ReactElement }

/** A chip with its hover card (loaded with the first chip a mouse, pen or the keyboard reaches; see post-chip.tsx). */
export function ChipPreview({ post, open, onOpenChange, children }: Props) {
	const details = usePreviewDetails(post.id, open)
	return (
		<HoverCard.Root open={open} onOpenChange={onOpenChange} openDelay={250} closeDelay={100}>
			<HoverCard.Trigger>{children}</HoverCard.Trigger>
			<HoverCard.Content width="320px" maxWidth="calc(100vw - 20px)" size="2" className="cal-preview">
				<PostPreview post={post} details={details} />
			</HoverCard.Content>
		</HoverCard.Root>
	)
}

// The page sends only what the chips show; the card's text and image come from the post's preview
// route the first time the card opens (again after a failure).
function usePreviewDetails(postId: string, open: boolean) {
	const [details, setDetails] = useState<PreviewDetails>('loading')
	const asked = useRef(false)
	useEffect(() => {
		if (!open || asked.current) return
		asked.current = true
		setDetails('loading')
		fetch(`/api/posts/${postId}/preview`, { headers: { accept: 'application/json' } })
			.then((response) => (response.ok ? (response.json() as Promise<CalendarPreview>) : Promise.reject(new Error(String(response.status)))))
			.then(setDetails, () => {
				asked.current = false
				setDetails('failed')
			})
	}, [open, postId])
	return details
}
