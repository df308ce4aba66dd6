import { useDndContext, useDraggable } from '@dnd-kit/core'
import { CheckCircle2 } from 'lucide-react'
import { IconSprite, SpriteIcon } from '#app/components/icon-sprite.tsx'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { longDay } from './format.ts'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import { usePlatformColor } from './platform.tsx'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import type { CalendarPost, DragData } from './types.ts'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import '#locales/ns/calendar.ts'
import '#locales/ns/posts.ts'

const doneIcon = 'pw-chip-done'

// The hover card (Radix HoverCard, its trigger's Slot and the preview) is ~8 % of a month view's
// server render and most chips are never hovered: a chip renders plain until a mouse, pen or the
// keyboard first reaches it, then the card's module is loaded and the chip is wrapped in it. The
// wrapping remounts the chip, so a chip that had the focus gets it back.
type Preview = (typeof import('./chip-preview.tsx'))['ChipPreview']
let loading: Promise<Preview> | undefined
const loadPreview = () => (loading ??= import('./chip-preview.tsx').then((module) => module.ChipPreview))
const openDelay = 250

/** The chips' icons, once per page. */
export function ChipIcons() {
	return <IconSprite icons={{ [doneIcon]: CheckCircle2 }} />
}

/**
 * What a chip shows; also the floating copy under the pointer while dragging. The chip's name is
 * its content: the time and title shown (so speech input finds it), then `details` (platform,
 * status, day) for screen readers only.
 */
export function ChipBody({ post, overlay = false, details }: { post: CalendarPost; overlay?: boolean; details?: string }) {
	const color = usePlatformColor()
	return (
		<span className={`cal-chip-body${overlay ? ' cal-chip-overlay' : ''}`} data-color={color(post.platform)}>
			{/* 14 px from calendar.css: no style attribute on every chip. */}
			<PlatformMark platform={post.platform} decorative />
			<span className="cal-chip-time">
				{post.time}
			</span>
			<span className="cal-chip-title">
				{post.title}
			</span>
			{post.status === 'published' ? <SpriteIcon id={doneIcon} size={12} className="cal-chip-done" /> : null}
			{details ? <span className="visually-hidden">{details}</span> : null}
		</span>
	)
}

/**
 * A post in the calendar: hover (or focus) shows the preview card, double-click or Enter opens
 * the editor, and scheduled posts can be dragged (pointer, or Space and the arrow keys).
 */
export function PostChip({ post }: { post: CalendarPost }) {
	const t = useFixedT('calendar')
	const tp = useFixedT('posts')
	const platformName = usePlatformName()
	const navigate = useNavigate()
	const { active } = useDndContext()
	const [open, setOpen] = useState(false)
	const [preview, setPreview] = useState<{ Preview: Preview; refocus: boolean } | null>(null)
	const chip = useRef<HTMLDivElement | null>(null)
	const waking = useRef(false)
	const locked = post.status !== 'scheduled'
	const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
		id: post.id,
		data: { post } satisfies DragData,
		disabled: locked,
		attributes: { roleDescription: locked ? t('chip.lockedRole') : t('chip.role') },
	})
	const ref = useCallback(
		(element: HTMLDivElement | null) => {
			chip.current = element
			setNodeRef(element)
		},
		[setNodeRef],
	)
	useEffect(() => {
		if (preview?.refocus) chip.current?.focus()
	}, [preview])
	// Radix opens hover cards for a mouse, pen or the keyboard, never for touch (a touch hold picks the chip up).
	const wake = (event?: React.PointerEvent) => {
		if (event?.pointerType === 'touch' || waking.current) return
		waking.current = true
		void loadPreview().then((Preview) => {
			const element = chip.current
			setPreview({ Preview, refocus: !!element && element === document.activeElement })
			// The new trigger gets no pointerenter while the pointer rests on it.
			setTimeout(() => {
				if (chip.current?.matches(':hover')) setOpen(true)
			}, openDelay)
		})
	}
	const edit = () => navigate(`/posts?edit=${post.id}`)
	const details = t('chip.details', {
		platform: platformName(post.platform),
		status: tp(`status.${post.status}`),
		day: longDay(post.date),
	})

	const element = (
		<div
			ref={ref}
			{...attributes}
			{...listeners}
			className="cal-chip"
			data-status={post.status}
			data-dragging={isDragging || undefined}
			onDoubleClick={edit}
			onPointerEnter={preview ? undefined : wake}
			onFocus={preview ? undefined : () => wake()}
			onKeyDown={(event) => {
				listeners?.onKeyDown?.(event)
				if (event.key === 'Enter' && !active && !event.defaultPrevented) edit()
			}}
		>
			<ChipBody post={post} details={details} />
		</div>
	)
	if (!preview) return element
	return (
		<preview.Preview post={post} open={open && !active} onOpenChange={setOpen}>
			{element}
		</preview.Preview>
	)
}
