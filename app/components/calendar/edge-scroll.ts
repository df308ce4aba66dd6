import { getScrollableAncestors } from '@dnd-kit/core'

/**
 * How near a scroller's edge (px) a dragged chip's pointer must be for the scroller to move. Less
 * than half an hour row (64 px): the middle of every row in sight is a place to hold still and drop.
 * dnd-kit's own auto-scroll starts at 20 % of each scroller's height (115 px of the grid, 180 px of
 * a 900 px window), so the grid ran away under a pointer held still over its lower rows (issue 37).
 */
export const SCROLL_EDGE = 24
/** Pixels a frame at the edge or beyond it; less the farther inside the edge zone the pointer is. */
const MAX_STEP = 16

type Span = { start: number; end: number }
type Point = { x: number; y: number }

/** How far (px, signed) a scroller spanning `span` moves this frame with the pointer at `position`. */
export function edgeStep(position: number, span: Span) {
	const intoStart = span.start + SCROLL_EDGE - position
	if (intoStart > 0) return -Math.round(MAX_STEP * Math.min(1, intoStart / SCROLL_EDGE))
	const intoEnd = position - (span.end - SCROLL_EDGE)
	if (intoEnd > 0) return Math.round(MAX_STEP * Math.min(1, intoEnd / SCROLL_EDGE))
	return 0
}

function viewRect(scroller: Element) {
	if (scroller === document.scrollingElement) return { top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth }
	return scroller.getBoundingClientRect()
}

/** Whether the scroller has room to move `step` pixels along the axis. */
function hasRoom(scroller: Element, axis: 'x' | 'y', step: number) {
	const [offset, size, view] = axis === 'y' ? [scroller.scrollTop, scroller.scrollHeight, scroller.clientHeight] : [scroller.scrollLeft, scroller.scrollWidth, scroller.clientWidth]
	return step < 0 ? offset > 0 : offset + view < size - 1
}

/**
 * One frame: along each axis the innermost scroller whose edge the pointer is at (and that can still
 * move) moves, if `act`. How many pixels it moved (or would have) on both axes together.
 */
function scrollFrame(scrollers: ReadonlyArray<Element>, pointer: Point, act: boolean) {
	let moved = 0
	for (const axis of ['x', 'y'] as const) {
		for (const scroller of scrollers) {
			const rect = viewRect(scroller)
			const span = axis === 'y' ? { start: rect.top, end: rect.bottom } : { start: rect.left, end: rect.right }
			const step = edgeStep(axis === 'y' ? pointer.y : pointer.x, span)
			if (step === 0 || !hasRoom(scroller, axis, step)) continue
			if (act) scroller.scrollBy(axis === 'x' ? step : 0, axis === 'y' ? step : 0)
			moved += Math.abs(step)
			break
		}
	}
	return moved
}

/**
 * Scrolls the scrollers around `source` (the grid, the page) while the pointer is at one of their
 * edges, each animation frame, until stopped. `pointer` reads where the pointer is now. A chip
 * picked up in the first or last row in sight starts inside an edge zone: nothing scrolls until the
 * pointer has left the zones or gone nearer the edge than it started, so holding it there or moving
 * it sideways to another day keeps the grid still.
 */
export function startEdgeScroll(source: Element, start: Point, pointer: () => Point | null) {
	const scrollers = getScrollableAncestors(source)
	let startDepth: number | undefined
	let armed = false
	let frame = requestAnimationFrame(function tick() {
		startDepth ??= scrollFrame(scrollers, start, false)
		const at = pointer()
		if (at) {
			const depth = scrollFrame(scrollers, at, armed)
			armed ||= depth === 0 || depth > startDepth
		}
		frame = requestAnimationFrame(tick)
	})
	return () => cancelAnimationFrame(frame)
}
