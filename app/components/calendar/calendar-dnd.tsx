import {
	DndContext,
	DragOverlay,
	KeyboardCode,
	MeasuringStrategy,
	PointerSensor,
	pointerWithin,
	rectIntersection,
	TouchSensor,
	useSensor,
	useSensors,
	type Active,
	type Announcements,
	type CollisionDetection,
	type DragEndEvent,
	type DragStartEvent,
	type Over,
} from '@dnd-kit/core'
import { useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { longDay } from './format.ts'
import { startEdgeScroll } from './edge-scroll.ts'
import { createCellKeyboard, KeyboardSensorKeepingKeys } from './keyboard.ts'
import { cellAt, startPoint, trackPointer } from './pointer-drop.ts'
import { ChipOverlay } from './post-chip.tsx'
import { hourOf, type CalendarPost, type CalendarView, type DragData, type DropTarget } from './types.ts'
import '#locales/ns/calendar.ts'

// Pointer: the cell under the pointer. Keyboard (no pointer): the cell the chip overlaps most.
const collisionDetection: CollisionDetection = (args) => {
	const hits = pointerWithin(args)
	return hits.length ? hits : rectIntersection(args)
}

// Mouse and pen: the pointer sensor. Touch has its own sensor: a chip is picked up after a short
// hold, so a swipe over the calendar still scrolls the page.
class MouseOrPenSensor extends PointerSensor {
	static override activators = [
		{
			eventName: 'onPointerDown' as const,
			handler: (event: React.PointerEvent, options: ConstructorParameters<typeof PointerSensor>[0]['options']) =>
				event.nativeEvent.pointerType !== 'touch' && PointerSensor.activators[0]!.handler(event, options),
		},
	]
}

// Droppables are measured again while the grid scrolls during a drag, so the highlighted cell is right.
const measuring = { droppable: { strategy: MeasuringStrategy.Always } }

// Enter opens the post for editing (post-chip.tsx), so only Space picks a chip up.
const keyboardCodes = {
	start: [KeyboardCode.Space],
	cancel: [KeyboardCode.Esc],
	end: [KeyboardCode.Space, KeyboardCode.Enter, KeyboardCode.Tab],
}

type Props = {
	view: CalendarView
	/** The dates of the grid in order (7 in the week view, whole weeks in the month view). */
	dates: ReadonlyArray<string>
	/** `time` only for a week-view hour; a month-view day sends none and the server keeps the post's time. */
	onMove: (post: CalendarPost, date: string, time?: string) => void
	children: React.ReactNode
}

export function CalendarDnd({ view, dates, onMove, children }: Props) {
	const { t } = useTranslation('calendar')
	const id = useId()
	const [dragged, setDragged] = useState<CalendarPost | null>(null)
	const keyboard = useMemo(() => createCellKeyboard(view, dates), [view, dates])
	const sensors = useSensors(
		useSensor(MouseOrPenSensor, { activationConstraint: { distance: 6 } }),
		useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
		// Instant scrolling keeps the cell under the chip current between quick key presses.
		useSensor(KeyboardSensorKeepingKeys, { coordinateGetter: keyboard.coordinateGetter, keyboardCodes, scrollBehavior: 'auto' }),
	)
	const announcements = useAnnouncements()
	const pointer = useRef<ReturnType<typeof trackPointer> | null>(null)
	const stopScrolling = useRef<(() => void) | null>(null)

	function stopTracking() {
		stopScrolling.current?.()
		stopScrolling.current = null
		pointer.current?.stop()
		pointer.current = null
	}

	function onDragStart({ active, activatorEvent }: DragStartEvent) {
		const post = postOf(active)
		keyboard.start(post)
		setDragged(post)
		stopTracking()
		const start = startPoint(activatorEvent)
		const source = activatorEvent?.target
		if (!start) return
		const tracked = trackPointer(start)
		pointer.current = tracked
		if (source instanceof Element) stopScrolling.current = startEdgeScroll(source, start, tracked.position)
	}

	function onDragCancel() {
		keyboard.end()
		stopTracking()
		setDragged(null)
	}

	function onDragEnd({ active, over, activatorEvent }: DragEndEvent) {
		keyboard.end()
		setDragged(null)
		// Pointer and touch: the cell under the pointer now (after any auto-scroll); keyboard: dnd-kit's cell.
		const at = pointer.current?.position() ?? startPoint(activatorEvent)
		const byPointer = pointer.current !== null
		stopTracking()
		const post = postOf(active)
		const target = byPointer ? (at ? cellAt(at.x, at.y) : null) : (over?.data.current as DropTarget | undefined)
		if (!post || !target || post.status !== 'scheduled') return
		// A week-view hour sets date and hour; a month-view day keeps the post's time of day (on the server).
		if (!isHome(target, post)) onMove(post, target.date, target.kind === 'slot' ? target.time : undefined)
	}

	return (
		<DndContext
			id={id}
			sensors={sensors}
			collisionDetection={collisionDetection}
			measuring={measuring}
			// Pointer and touch drags scroll the grid and the page at their very edges (edge-scroll.ts); the keyboard sensor scrolls by itself.
			autoScroll={false}
			accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
			onDragStart={onDragStart}
			onDragEnd={onDragEnd}
			onDragCancel={onDragCancel}
		>
			{children}
			<DragOverlay dropAnimation={null}>{dragged ? <ChipOverlay post={dragged} /> : null}</DragOverlay>
		</DndContext>
	)
}

function postOf(active: Active) {
	return (active.data.current as DragData | undefined)?.post ?? null
}

/** The cell the post already sits in (a drop there changes nothing). */
function isHome(target: DropTarget, post: CalendarPost) {
	return target.date === post.date && (target.kind === 'day' || hourOf(target.time) === hourOf(post.time))
}

function useAnnouncements(): Announcements {
	const { t } = useTranslation('calendar')
	// dnd-kit reports the chip's own cell right after the pick-up, in the same moment: announcing
	// it would replace "aufgenommen" before a screen reader says it. Only real moves are announced.
	const moved = useRef(false)
	const title = (active: Active) => postOf(active)?.title ?? ''
	// The cells' names are made here, when they are announced, not for each of the grid's cells on every render.
	const target = (over: Over | null) => {
		const cell = over?.data.current as DropTarget | undefined
		if (!cell) return ''
		return cell.kind === 'slot' ? t('when', { day: longDay(cell.date), time: cell.time }) : longDay(cell.date)
	}
	return {
		onDragStart: ({ active }) => {
			moved.current = false
			return t('dnd.start', { post: title(active) })
		},
		onDragOver: ({ active, over }) => {
			const post = postOf(active)
			const cell = over?.data.current as DropTarget | undefined
			if (!moved.current && post && cell && isHome(cell, post)) return undefined
			moved.current = true
			return over ? t('dnd.over', { post: title(active), target: target(over) }) : t('dnd.outside', { post: title(active) })
		},
		onDragEnd: ({ active, over }) => (over ? t('dnd.end', { post: title(active), target: target(over) }) : t('dnd.endOutside', { post: title(active) })),
		onDragCancel: ({ active }) => t('dnd.cancel', { post: title(active) }),
	}
}
