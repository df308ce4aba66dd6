import { useDndContext, useDndMonitor, useDraggable } from '@dnd-kit/core'
import { useCallback, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useChipLook, type ChipLook } from './chip-look.tsx'
import type { TriggerEvents } from './chip-preview.tsx'
import type { CalendarPost, DragData } from './types.ts'

// The hover card (Radix HoverCard, its trigger's Slot and the preview) is ~8 % of a month view's
// server render and most chips are never hovered: a chip renders plain until a mouse, pen or the
// keyboard first reaches it, then the card's module is loaded and the card renders beside the chip,
// anchored to it. Not around it: that would remount the chip (and its draggable) when the card
// arrives, in the middle of a keyboard move (focus, Space, arrow keys).
type Preview = (typeof import('./chip-preview.tsx'))['ChipPreview']
let loading: Promise<Preview> | undefined
const loadPreview = () => (loading ??= import('./chip-preview.tsx').then((module) => module.ChipPreview))
const openDelay = 250

/**
 * What a chip shows: the platform's mark, time and title (a published post's check mark is drawn by
 * calendar.css), then `details` (platform, status, day) for screen readers only. The chip's name is
 * its content, so speech input finds it by the time and title shown.
 */
function chipContent(post: CalendarPost, mark: { badge: string; mark: string }, details?: string) {
	return (
		<>
			{/* Decorative: the chip names the platform. 14 px from calendar.css. */}
			<span aria-hidden className="platform-mark" data-platform={mark.mark}>
				{mark.badge}
			</span>
			<span className="cal-chip-time">{post.time}</span>
			<span className="cal-chip-title">{post.title}</span>
			{details ? <span className="visually-hidden">{details}</span> : null}
		</>
	)
}

/**
 * A chip as the server renders it and the page hydrates it: what PostChip shows, without its
 * behaviour and the attributes that describe it (button, movable, instructions); the grid swaps in
 * PostChips right after hydration. A plain function, not a component: a month view has ~80 chips.
 */
export function chipMarkup(post: CalendarPost, look: ChipLook) {
	const platform = look.platform(post.platform)
	return (
		<div key={post.id} className="cal-chip" data-status={post.status} data-color={platform.color}>
			{chipContent(post, platform, look.details(post))}
		</div>
	)
}

/** The floating copy of a chip under the pointer while it is dragged. */
export function ChipOverlay({ post }: { post: CalendarPost }) {
	const platform = useChipLook().platform(post.platform)
	return (
		<div className="cal-chip cal-chip-overlay" data-status={post.status} data-color={platform.color}>
			{chipContent(post, platform)}
		</div>
	)
}

/**
 * A post in the calendar: hover (or focus) shows the preview card, double-click or Enter opens
 * the editor, and scheduled posts can be dragged (pointer, or Space and the arrow keys).
 */
export function PostChip({ post }: { post: CalendarPost }) {
	const look = useChipLook()
	const navigate = useNavigate()
	const { active } = useDndContext()
	const [open, setOpen] = useState(false)
	// A drag closes every chip's card (it would cover the grid), and no card opens while one is on its
	// way. The moved chip's stays closed after the drop too (the focus dnd-kit leaves on it, a pointer
	// still over it) until the pointer leaves it or the focus moves on.
	// `dragging` is set by dnd-kit's monitor the moment a drag starts, not at the next render: on a busy
	// machine the pointer can re-enter the chip before React renders with `active` set.
	const quiet = useRef(false)
	const dragging = useRef(false)
	const speak = () => void (quiet.current = false)
	const afterDrop = ({ active: dragged }: { active: { id: unknown } }) => {
		dragging.current = false
		if (dragged.id !== post.id) speak()
	}
	useDndMonitor({
		onDragStart: () => {
			dragging.current = true
			quiet.current = true
			setOpen(false)
		},
		onDragEnd: afterDrop,
		onDragCancel: afterDrop,
	})
	const onOpenChange = useCallback((next: boolean) => setOpen(next && !quiet.current), [])
	const [card, setCard] = useState<{ Preview: Preview } | null>(null)
	const chip = useRef<HTMLDivElement | null>(null)
	const trigger = useRef<TriggerEvents | null>(null)
	const waking = useRef(false)
	const locked = post.status !== 'scheduled'
	const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
		id: post.id,
		data: { post } satisfies DragData,
		disabled: locked,
		attributes: { roleDescription: look.role(locked) },
	})
	const ref = useCallback(
		(element: HTMLDivElement | null) => {
			chip.current = element
			setNodeRef(element)
		},
		[setNodeRef],
	)
	// Radix opens hover cards for a mouse, pen or the keyboard, never for touch (a touch hold picks the chip up).
	const wake = (event?: React.PointerEvent) => {
		if (event?.pointerType === 'touch' || waking.current) return
		waking.current = true
		void loadPreview().then((Preview) => {
			setCard({ Preview })
			// The card's trigger saw neither the pointerenter nor the focus that woke it.
			setTimeout(() => {
				const element = chip.current
				if (element && (element.matches(':hover') || element === document.activeElement)) onOpenChange(true)
			}, openDelay)
		})
	}
	const edit = () => navigate(`/posts?edit=${post.id}`)
	const platform = look.platform(post.platform)

	return (
		<>
			<div
				ref={ref}
				{...attributes}
				{...listeners}
				className="cal-chip"
				data-status={post.status}
				data-color={platform.color}
				data-dragging={isDragging || undefined}
				onDoubleClick={edit}
				onPointerEnter={(event) => {
					// Not a reason to speak again: when the drag's overlay goes away, the browser sends the chip under the
					// still pointer a pointerenter, which would open the moved chip's card over the grid.
					return card ? trigger.current?.onPointerEnter?.(event) : wake(event)
				}}
				onPointerLeave={(event) => {
					if (!active && !dragging.current) speak()
					trigger.current?.onPointerLeave?.(event)
				}}
				onFocus={(event) => (card ? trigger.current?.onFocus?.(event) : wake())}
				onBlur={(event) => {
					if (!active && !dragging.current) speak()
					trigger.current?.onBlur?.(event)
				}}
				onKeyDown={(event) => {
					listeners?.onKeyDown?.(event)
					if (event.key === 'Enter' && !active && !event.defaultPrevented) edit()
				}}
			>
				{chipContent(post, platform, look.details(post))}
			</div>
			{card ? <card.Preview post={post} open={open && !active} onOpenChange={onOpenChange} chipRef={chip} triggerRef={trigger} /> : null}
		</>
	)
}
