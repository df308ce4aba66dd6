import { useDndContext, useDraggable } from '@dnd-kit/core'
import { HoverCard } from '@radix-ui/themes'
import { CheckCircle2 } from 'lucide-react'
import { IconSprite, SpriteIcon } from '#app/components/icon-sprite.tsx'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { longDay } from './format.ts'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import { usePlatformColor } from './platform.tsx'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import { PostPreview } from './post-preview.tsx'
import type { CalendarPost, DragData } from './types.ts'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import '#locales/ns/calendar.ts'
import '#locales/ns/posts.ts'

const doneIcon = 'pw-chip-done'

/** The chips' icons, once per page. */
export function ChipIcons() {
	return <IconSprite icons={{ [doneIcon]: CheckCircle2 }} />
}

/**
 * What a chip shows; also the floating copy under the pointer while dragging. With `label` the
 * chip's name is that text (it starts with the time and title shown, so speech input finds it).
 */
export function ChipBody({ post, overlay = false, label }: { post: CalendarPost; overlay?: boolean; label?: string }) {
	const shown = label ? true : undefined
	const color = usePlatformColor()
	return (
		<span className={`cal-chip-body${overlay ? ' cal-chip-overlay' : ''}`} data-color={color(post.platform)}>
			<PlatformMark platform={post.platform} size={14} decorative />
			<span className="cal-chip-time" aria-hidden={shown}>
				{post.time}
			</span>
			<span className="cal-chip-title" aria-hidden={shown}>
				{post.title}
			</span>
			{post.status === 'published' ? <SpriteIcon id={doneIcon} size={12} className="cal-chip-done" /> : null}
			{label ? <span className="visually-hidden">{label}</span> : null}
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
	const locked = post.status !== 'scheduled'
	const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
		id: post.id,
		data: { post } satisfies DragData,
		disabled: locked,
		attributes: { roleDescription: locked ? t('chip.lockedRole') : t('chip.role') },
	})
	const edit = () => navigate(`/posts?edit=${post.id}`)
	const label = t('chip.label', {
		time: post.time,
		title: post.title,
		platform: platformName(post.platform),
		status: tp(`status.${post.status}`),
		day: longDay(post.date),
	})

	return (
		<HoverCard.Root open={open && !active} onOpenChange={setOpen} openDelay={250} closeDelay={100}>
			<HoverCard.Trigger>
				<div
					ref={setNodeRef}
					{...attributes}
					{...listeners}
					className="cal-chip"
					data-status={post.status}
					data-dragging={isDragging || undefined}
					data-post-id={post.id}
					onDoubleClick={edit}
					onKeyDown={(event) => {
						listeners?.onKeyDown?.(event)
						if (event.key === 'Enter' && !active && !event.defaultPrevented) edit()
					}}
				>
					<ChipBody post={post} label={label} />
				</div>
			</HoverCard.Trigger>
			<HoverCard.Content width="320px" maxWidth="calc(100vw - 20px)" size="2" className="cal-preview">
				<PostPreview post={post} />
			</HoverCard.Content>
		</HoverCard.Root>
	)
}
