/** A dialog opened without a Radix trigger: on closing, focus goes back to the button that opened it. */
export function returnFocus(event: Event, opener: HTMLElement | null) {
	if (!opener?.isConnected) return
	event.preventDefault()
	opener.focus()
}
