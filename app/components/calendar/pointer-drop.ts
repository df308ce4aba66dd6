import { hourLabel } from './format.ts'
import type { DropTarget } from './types.ts'

/**
 * Where a pointer or touch drag really ends. dnd-kit measures the cells when the drag starts; when
 * the grid scrolls during the drag (the pointer at its top or bottom edge, edge-scroll.ts), its
 * `over` may still name the cell that was under the pointer before the scroll. So the drop reads
 * the cell under the pointer at release from the page as it is at that moment.
 */
export function trackPointer(start: { x: number; y: number }) {
	let last = start
	const onPointer = (event: PointerEvent) => {
		last = { x: event.clientX, y: event.clientY }
	}
	const onTouch = (event: TouchEvent) => {
		const touch = event.touches[0] ?? event.changedTouches[0]
		if (touch) last = { x: touch.clientX, y: touch.clientY }
	}
	const options = { capture: true, passive: true }
	window.addEventListener('pointermove', onPointer, options)
	window.addEventListener('pointerup', onPointer, options)
	window.addEventListener('touchmove', onTouch, options)
	window.addEventListener('touchend', onTouch, options)
	return {
		position: () => last,
		stop() {
			window.removeEventListener('pointermove', onPointer, options)
			window.removeEventListener('pointerup', onPointer, options)
			window.removeEventListener('touchmove', onTouch, options)
			window.removeEventListener('touchend', onTouch, options)
		},
	}
}

/** The start point of a pointer or touch event, or null for a keyboard start. */
export function startPoint(event: Event | null) {
	if (!event) return null
	if ('touches' in event) {
		const touch = (event as TouchEvent).touches[0]
		return touch ? { x: touch.clientX, y: touch.clientY } : null
	}
	if ('clientX' in event && event.type.startsWith('pointer')) return { x: (event as PointerEvent).clientX, y: (event as PointerEvent).clientY }
	if ('clientX' in event && event.type.startsWith('mouse')) return { x: (event as MouseEvent).clientX, y: (event as MouseEvent).clientY }
	return null
}

const dropCells = '.cal-slot[data-date], .cal-day[data-date], .cal-day-tab[data-date]'

/** The drop cell under a point of the window: a week-view hour, a month day or a phone's day tab. */
export function cellAt(x: number, y: number): DropTarget | null {
	for (const element of document.elementsFromPoint(x, y)) {
		const cell = element.closest<HTMLElement>(dropCells)
		if (!cell) continue
		const date = cell.dataset.date!
		const hour = cell.dataset.hour
		return hour === undefined ? { kind: 'day', date } : { kind: 'slot', date, time: hourLabel(Number(hour)) }
	}
	return null
}
