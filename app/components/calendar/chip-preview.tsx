import { HoverCard } from '@radix-ui/themes'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useLoaderData } from 'react-router'
import type { CalendarPreview } from '#modules/content/index.ts'
import { PostPreview, type PreviewDetails } from './post-preview.tsx'
import type { CalendarPost } from './types.ts'

/** The hover card's trigger handlers, which the chip calls from its own (see ChipAnchor). */
export type TriggerEvents = {
	onPointerEnter?: (event: React.PointerEvent<HTMLElement>) => void
	onPointerLeave?: (event: React.PointerEvent<HTMLElement>) => void
	onFocus?: (event: React.FocusEvent<HTMLElement>) => void
	onBlur?: (event: React.FocusEvent<HTMLElement>) => void
}

type Props = {
	post: CalendarPost
	open: boolean
	onOpenChange: (open: boolean) => void
	chipRef: React.RefObject<HTMLElement | null>
	triggerRef: React.RefObject<TriggerEvents | null>
}

/**
 * A chip's hover card (loaded with the first chip a mouse, pen or the keyboard reaches; see
 * post-chip.tsx). It renders beside the chip, not around it: wrapping would remount the chip (and
 * its draggable) when the card arrives, in the middle of a keyboard move.
 */
export function ChipPreview({ post, open, onOpenChange, chipRef, triggerRef }: Props) {
	const details = usePreviewDetails(post.id, open)
	return (
		<HoverCard.Root open={open} onOpenChange={onOpenChange} openDelay={250} closeDelay={100}>
			<HoverCard.Trigger>
				<ChipAnchor chipRef={chipRef} triggerRef={triggerRef} />
			</HoverCard.Trigger>
			<HoverCard.Content width="320px" maxWidth="calc(100vw - 20px)" size="2" className="cal-preview">
				<PostPreview post={post} details={details} />
			</HoverCard.Content>
		</HoverCard.Root>
	)
}

/**
 * Takes the trigger's place and renders nothing: it hands the trigger's ref (the card's anchor) the
 * chip's element and the trigger's handlers to the chip, which calls them from its own.
 */
function ChipAnchor(props: Pick<Props, 'chipRef' | 'triggerRef'> & TriggerEvents & { ref?: React.Ref<HTMLElement> }) {
	const { chipRef, triggerRef, ref, onPointerEnter, onPointerLeave, onFocus, onBlur } = props
	useLayoutEffect(() => {
		triggerRef.current = { onPointerEnter, onPointerLeave, onFocus, onBlur }
		return () => {
			triggerRef.current = null
		}
	})
	useLayoutEffect(() => {
		if (!ref) return
		if (typeof ref !== 'function') {
			ref.current = chipRef.current
			return () => {
				ref.current = null
			}
		}
		const cleanup = ref(chipRef.current)
		return () => (typeof cleanup === 'function' ? cleanup() : ref(null))
	}, [ref, chipRef])
	return null
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
