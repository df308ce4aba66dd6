import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react'
import type { ExternalToast, ToasterProps } from 'sonner'
import { useTranslation } from '#app/utils/use-translation.ts'

// Toasts through sonner, loaded on the first toast: most page views show none, and sonner is the
// size of a page's own code. `toast.loading()` answers its id at once (the caller updates that
// toast later), so ids are made here, not by sonner. <Toasts /> (in the root) mounts sonner's
// Toaster after the first toast; sonner shows toasts created before its Toaster subscribed.

type Kind = 'success' | 'error' | 'info' | 'warning' | 'loading'
type ToastId = string | number

let sonner: Promise<typeof import('sonner')> | undefined
// A failed load (the network down) is tried again with the next toast.
const loadSonner = () =>
	(sonner ??= import('sonner').catch((error: unknown) => {
		sonner = undefined
		throw error
	}))

let wanted = false
const listeners = new Set<() => void>()
let counter = 0

/**
 * The id of a toast: the same text shown again while it is still up (a second click, an effect that
 * runs again, a notice that comes both from the flash cookie and from the action's data) updates the
 * toast on screen instead of stacking a copy under it. Loading toasts keep their own ids, their
 * callers update them later.
 */
export function toastId(kind: Kind | 'message', title: ReactNode, options: ExternalToast) {
	if (options.id !== undefined) return options.id
	if (kind === 'loading' || typeof title !== 'string') return `toast-${++counter}`
	const description = typeof options.description === 'string' ? options.description : ''
	return `${kind === 'message' ? 'info' : kind}:${title}\n${description}`
}

function show(kind: Kind | 'message', title: ReactNode, options: ExternalToast = {}): ToastId {
	const id = toastId(kind, title, options)
	if (!wanted) {
		wanted = true
		for (const listener of listeners) listener()
	}
	void loadSonner().then(
		({ toast }) => (kind === 'message' ? toast(title, { ...options, id }) : toast[kind](title, { ...options, id })),
		() => undefined,
	)
	return id
}

export const toast = Object.assign((title: ReactNode, options?: ExternalToast) => show('message', title, options), {
	success: (title: ReactNode, options?: ExternalToast) => show('success', title, options),
	error: (title: ReactNode, options?: ExternalToast) => show('error', title, options),
	info: (title: ReactNode, options?: ExternalToast) => show('info', title, options),
	warning: (title: ReactNode, options?: ExternalToast) => show('warning', title, options),
	loading: (title: ReactNode, options?: ExternalToast) => show('loading', title, options),
})

// Without sonner's code (it could not be loaded) no toast shows, but the page stays.
const Toaster = lazy<React.ComponentType<ToasterProps>>(() =>
	loadSonner().then(
		(module) => ({ default: module.Toaster }),
		() => ({ default: () => null }),
	),
)

function subscribe(listener: () => void) {
	listeners.add(listener)
	return () => void listeners.delete(listener)
}

/** Elements toasts must not cover (the app header, the phone's top bar); they mark themselves with this attribute. */
const HEADER_SELECTOR = '[data-toasts-below]'
const GAP_PX = 12
/** Room on the sides for sonner's close button, which sits half outside the toast's top left corner. */
const SIDE = { right: '16px', left: '16px' }
const offset = { top: 'var(--toasts-top, 24px)', ...SIDE }

/**
 * Keeps `--toasts-top` at the lowest visible header's bottom edge (plus a gap): the header scrolls
 * away on a desktop and the phone's top bar stays, so it is measured again on scroll and resize.
 */
function useToastsBelowHeader(active: boolean) {
	useEffect(() => {
		if (!active) return
		let frame = 0
		const measure = () => {
			frame = 0
			const bottoms = Array.from(document.querySelectorAll(HEADER_SELECTOR), (el) => el.getBoundingClientRect())
				.filter((rect) => rect.height > 0)
				.map((rect) => rect.bottom)
			document.documentElement.style.setProperty('--toasts-top', `${Math.round(Math.max(0, ...bottoms)) + GAP_PX}px`)
		}
		const schedule = () => {
			if (!frame) frame = requestAnimationFrame(measure)
		}
		measure()
		window.addEventListener('scroll', schedule, { passive: true })
		window.addEventListener('resize', schedule)
		return () => {
			if (frame) cancelAnimationFrame(frame)
			window.removeEventListener('scroll', schedule)
			window.removeEventListener('resize', schedule)
		}
	}, [active])
}

/**
 * Where toasts appear (top right, below the header). Sonner's code is fetched when the browser is idle after the page
 * loaded, or with the first toast before that: the toast that says an answer was lost (network
 * down, lost-answer.ts) must not need the network itself.
 */
export function Toasts() {
	const { t } = useTranslation()
	const active = useSyncExternalStore(subscribe, () => wanted, () => false)
	useToastsBelowHeader(active)
	useEffect(() => {
		const whenIdle = window.requestIdleCallback ?? ((work: () => void) => window.setTimeout(work, 2000))
		// The mark tells browser tests that a toast no longer needs the network.
		whenIdle(() => void loadSonner().then(() => void (document.documentElement.dataset.toasts = 'ready'), () => undefined))
	}, [])
	if (!active) return null
	return (
		<Suspense>
			<Toaster
				position="top-right"
				richColors
				closeButton
				duration={5000}
				offset={offset}
				mobileOffset={offset}
				containerAriaLabel={t('toasts.region')}
				toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
			/>
		</Suspense>
	)
}
