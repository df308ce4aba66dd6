import { HoverCard } from '@radix-ui/themes'
import { useEffect, useRef, useState } from 'react'
import { useLoaderData } from 'react-router'
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
// route when the card opens. They belong to the page's data as it was read: once the page's loader
// data is read again (after an edit, a move, a live change from another tab) the next opening reads
// them again instead of showing the old text.
function usePreviewDetails(postId: string, open: boolean) {
	const pageData: unknown = useLoaderData()
	const [read, setRead] = useState<{ pageData: unknown; details: PreviewDetails } | null>(null)
	const asked = useRef<unknown>(undefined)
	useEffect(() => {
		if (!open || asked.current === pageData) return
		asked.current = pageData
		setRead({ pageData, details: 'loading' })
		fetch(`/api/posts/${postId}/preview`, { headers: { accept: 'application/json' } })
			.then((response) => (response.ok ? (response.json() as Promise<CalendarPreview>) : Promise.reject(new Error(String(response.status)))))
			.then(
				(details) => {
					// An answer for data read before is dropped.
					if (asked.current === pageData) setRead({ pageData, details })
				},
				() => {
					if (asked.current !== pageData) return
					asked.current = undefined
					setRead({ pageData, details: 'failed' })
				},
			)
	}, [open, postId, pageData])
	return read && read.pageData === pageData ? read.details : 'loading'
}
