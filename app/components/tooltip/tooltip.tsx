import { Slot } from 'radix-ui'
import { useEffect, useRef, useState, type PointerEvent, type ReactElement, type ReactNode } from 'react'

// Radix Themes' tooltip, fetched when a trigger is first hovered or focused: its code (the tooltip,
// popper and floating-ui, ≈ 12 KB gzip) is bigger than most pages' own, and most views open none.
// Until then the trigger renders as it is. Swapping in the tooltip remounts the trigger, so a
// trigger that had the focus gets it back, and the tooltip opens at once if the trigger is still
// hovered or focused.

type Popup = (typeof import('./tooltip-popup.tsx'))['TooltipPopup']
let popup: Popup | undefined
let loading: Promise<Popup> | undefined
const loadPopup = () => (loading ??= import('./tooltip-popup.tsx').then((module) => (popup = module.TooltipPopup)))

export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
	const [state, setState] = useState<{ Popup: Popup; open: boolean; refocus: boolean } | null>(() => (popup ? { Popup: popup, open: false, refocus: false } : null))
	const waiting = useRef<HTMLElement>(null)
	// A button pressed on the trigger: its click must land on the element it started on.
	const pressed = useRef(false)
	const trigger = useRef<HTMLElement>(null)
	useEffect(() => {
		if (state?.refocus) trigger.current?.focus()
	}, [state])

	if (state) {
		return (
			<state.Popup content={content} defaultOpen={state.open}>
				<Slot.Root ref={trigger}>{children}</Slot.Root>
			</state.Popup>
		)
	}
	const wake = (event?: PointerEvent) => {
		// Radix opens tooltips for a mouse or pen and for the keyboard, never for touch.
		if (event?.pointerType === 'touch') return
		void loadPopup().then((Popup) =>
			afterRelease(pressed, () => {
				const element = waiting.current
				const focused = !!element && element.contains(document.activeElement)
				setState({ Popup, open: focused || !!element?.matches(':hover'), refocus: focused })
			}),
		)
	}
	return (
		<Slot.Root ref={waiting} onPointerEnter={wake} onFocus={() => wake()} onPointerDown={() => press(pressed)}>
			{children}
		</Slot.Root>
	)
}

/** Marks the trigger pressed until the press ends, wherever the pointer is released. */
function press(pressed: { current: boolean }) {
	pressed.current = true
	onRelease(() => (pressed.current = false))
}

function onRelease(then: () => void) {
	const listening = new AbortController()
	const released = () => {
		listening.abort()
		then()
	}
	window.addEventListener('pointerup', released, { capture: true, signal: listening.signal })
	window.addEventListener('pointercancel', released, { capture: true, signal: listening.signal })
}

/**
 * Runs `swap` now, or, while the trigger is pressed, after the press ends and its click was dispatched:
 * remounting the trigger between mousedown and mouseup (the popup's code arriving then, or the focus that
 * mousedown gives) would send the mouseup to a new element, and the browser fires no click (a lost click).
 */
function afterRelease(pressed: { current: boolean }, swap: () => void) {
	if (!pressed.current) return swap()
	// The click follows pointerup and mouseup in the same task: swap after it.
	onRelease(() => setTimeout(swap, 0))
}
