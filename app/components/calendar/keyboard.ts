import { KeyboardCode, KeyboardSensor, type KeyboardCoordinateGetter, type KeyboardSensorProps } from '@dnd-kit/core'
import { dayId, hourOf, slotId, type CalendarPost, type CalendarView } from './types.ts'

const moves: Partial<Record<string, { days: number; hours: number }>> = {
	[KeyboardCode.Left]: { days: -1, hours: 0 },
	[KeyboardCode.Right]: { days: 1, hours: 0 },
	[KeyboardCode.Up]: { days: 0, hours: -1 },
	[KeyboardCode.Down]: { days: 0, hours: 1 },
}

/**
 * Arrow keys move a picked-up chip one cell at a time (a day sideways; an hour, or in the month
 * view a week, up and down) instead of dnd-kit's fixed 25 px, whatever the size of the cells.
 * It remembers the cell the chip was last sent to: dnd-kit's own `over` lags behind while the
 * grid scrolls, so quick key presses would otherwise count from a stale cell.
 */
export function createCellKeyboard(view: CalendarView, dates: ReadonlyArray<string>) {
	let cell: string | null = null

	const coordinateGetter: KeyboardCoordinateGetter = (event, { context }) => {
		const move = moves[event.code]
		const { collisionRect, droppableRects } = context
		const current = parseCell(cell ?? String(context.over?.id ?? ''))
		if (!move || !collisionRect || !current) return undefined
		event.preventDefault()
		const index = dates.indexOf(current.date)
		const targetId =
			view === 'week'
				? slotId(dates[index + move.days] ?? '', current.hour + move.hours)
				: dayId(dates[index + move.days + move.hours * 7] ?? '')
		const rect = droppableRects.get(targetId)
		if (!rect) return undefined
		cell = targetId
		return {
			x: rect.left + (rect.width - collisionRect.width) / 2,
			y: rect.top + (rect.height - collisionRect.height) / 2,
		}
	}

	return {
		coordinateGetter,
		start(post: CalendarPost | null) {
			cell = post ? (view === 'week' ? slotId(post.date, hourOf(post.time)) : dayId(post.date)) : null
		},
		end() {
			cell = null
		},
	}
}

function parseCell(id: string) {
	const [kind, date, hour] = id.split(':')
	if (!date || (kind !== 'slot' && kind !== 'day')) return null
	return { date, hour: Number(hour ?? 0) }
}

/**
 * dnd-kit's keyboard sensor listens for the keys of a move only from a timeout after the pick-up
 * (so the Space that picked the chip up does not drop it). Chrome hands input to a page before its
 * timers: on a busy page (the reload after the last move landing) the next arrow key came before
 * that timeout and was lost. This sensor holds the keys dnd-kit did not take (its handler, on the
 * document, runs before this one on the window and prevents the default of what it takes) until
 * the timeout has passed, then hands them on.
 */
export class KeyboardSensorKeepingKeys extends KeyboardSensor {
	constructor(props: KeyboardSensorProps) {
		super(props)
		const pickUp = props.event
		const view = (pickUp.target as Node | null)?.ownerDocument?.defaultView ?? window
		const held: Array<KeyboardEvent> = []
		const hold = (event: KeyboardEvent) => {
			if (event === pickUp || event.defaultPrevented) return
			event.preventDefault()
			held.push(event)
		}
		view.addEventListener('keydown', hold)
		// After dnd-kit's own timeout (same delay, set before this one).
		setTimeout(() => {
			view.removeEventListener('keydown', hold)
			for (const { key, code } of held) view.document.dispatchEvent(new KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true }))
		})
	}
}
