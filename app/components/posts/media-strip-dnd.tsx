import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core'
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/postMedia.ts'

// The strip's drag and drop (ADR 0061): mouse and pen by the pointer sensor, touch by its own sensor after a
// short hold (a swipe still scrolls the dialog), the keyboard by Space/Enter and the arrow keys, each move
// announced in German by position.

class MouseOrPenSensor extends PointerSensor {
	static override activators = [
		{
			eventName: 'onPointerDown' as const,
			handler: (event: React.PointerEvent, options: ConstructorParameters<typeof PointerSensor>[0]['options']) =>
				event.nativeEvent.pointerType !== 'touch' && PointerSensor.activators[0]!.handler(event, options),
		},
	]
}

type Props = { ids: ReadonlyArray<string>; onMove: (from: number, to: number) => void; children: React.ReactNode }

export function MediaStripDnd({ ids, onMove, children }: Props) {
	const { t } = useTranslation('postMedia')
	const id = useId()
	const [dragging, setDragging] = useState(false)
	const sensors = useSensors(
		useSensor(MouseOrPenSensor, { activationConstraint: { distance: 5 } }),
		useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
		useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
	)
	useEscapeStaysInDrag(dragging)
	const position = (key: UniqueIdentifier | undefined) => ids.indexOf(String(key)) + 1
	// dnd-kit reports the item over its own place right after the pick-up: announcing that would replace
	// "aufgenommen" before a screen reader says it. Only real moves are announced.
	const moved = useRef(false)
	const announcements: Announcements = {
		onDragStart: ({ active }) => {
			moved.current = false
			return t('strip.picked', { position: position(active.id) })
		},
		onDragOver: ({ active, over }) => {
			if (!over || (!moved.current && over.id === active.id)) return undefined
			moved.current = true
			return t('strip.movedOver', { from: position(active.id), to: position(over.id) })
		},
		onDragEnd: ({ active, over }) => (over ? t('strip.dropped', { from: position(active.id), to: position(over.id) }) : t('strip.cancelled', { position: position(active.id) })),
		onDragCancel: ({ active }) => t('strip.cancelled', { position: position(active.id) }),
	}
	function onDragEnd({ active, over }: DragEndEvent) {
		setDragging(false)
		const from = ids.indexOf(String(active.id))
		const to = over ? ids.indexOf(String(over.id)) : -1
		if (from >= 0 && to >= 0 && from !== to) onMove(from, to)
	}
	return (
		<DndContext
			id={id}
			sensors={sensors}
			collisionDetection={closestCenter}
			accessibility={{ announcements, screenReaderInstructions: { draggable: t('strip.instructions') } }}
			onDragStart={() => setDragging(true)}
			onDragCancel={() => setDragging(false)}
			onDragEnd={onDragEnd}
		>
			<SortableContext items={[...ids]} strategy={rectSortingStrategy}>
				{children}
			</SortableContext>
		</DndContext>
	)
}

/**
 * Escape during a drag cancels the drag, not the editor dialog: Radix closes the dialog on an Escape
 * whose default is not prevented, and this listener (the window's capture phase) runs before its own.
 */
function useEscapeStaysInDrag(dragging: boolean) {
	useEffect(() => {
		if (!dragging) return
		const keep = (event: KeyboardEvent) => {
			if (event.key === 'Escape') event.preventDefault()
		}
		window.addEventListener('keydown', keep, { capture: true })
		return () => window.removeEventListener('keydown', keep, { capture: true })
	}, [dragging])
}
