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
		void loadPopup().then((Popup) => {
			const element = waiting.current
			const focused = !!element && element.contains(document.activeElement)
			setState({ Popup, open: focused || !!element?.matches(':hover'), refocus: focused })
		})
	}
	return (
		<Slot.Root ref={waiting} onPointerEnter={wake} onFocus={() => wake()}>
			{children}
		</Slot.Root>
	)
}
