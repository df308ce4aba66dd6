import { useSyncExternalStore, type ReactNode } from 'react'
import type { ExternalToast } from 'sonner'
import { useTranslation } from '#app/utils/use-translation.ts'

// Toasts through sonner, loaded on the first toast: most page views show none, and sonner is the
// size of a page's own code. `toast.loading()` answers its id at once (the caller updates that
// toast later), so ids are made here, not by sonner. <Toasts /> (in the root) mounts sonner's
// Toaster after the first toast; sonner shows toasts created before its Toaster subscribed.

type Kind = 'success' | 'error' | 'info' | 'warning' | 'loading'
type ToastId = string | number

let sonner: Promise<typeof import('sonner')> | undefined
/** Sonner's module once loaded: <Toasts /> mounts its Toaster then. */
let sonnerModule: typeof import('sonner') | null = null
// A failed load (the network down) is tried again with the next toast.
const loadSonner = () =>
	(sonner ??= import('sonner').then(
		(module) => {
			sonnerModule = module
			notify()
			return module
		},
		(error: unknown) => {
			sonner = undefined
			throw error
		},
	))

let wanted = false
const listeners = new Set<() => void>()
let counter = 0
function notify() {
	for (const listener of listeners) listener()
}

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
	placeBelowHeader()
	if (!wanted) {
		wanted = true
		notify()
	}
	void loadSonner().then(
		({ toast }) => (kind === 'message' ? toast(title, { ...options, id }) : toast[kind](title, { ...options, id })),
		() => keepUnshown({ kind, title, description: options.description }),
	)
	return id
}

type Unshown = { kind: Kind | 'message'; title: ReactNode; description: ExternalToast['description'] }
/** The last toast sonner's code could not be loaded for (the network down), until closed or replaced. */
let unshown: Unshown | null = null
function keepUnshown(item: Unshown | null) {
	unshown = item
	notify()
}

export const toast = Object.assign((title: ReactNode, options?: ExternalToast) => show('message', title, options), {
	success: (title: ReactNode, options?: ExternalToast) => show('success', title, options),
	error: (title: ReactNode, options?: ExternalToast) => show('error', title, options),
	info: (title: ReactNode, options?: ExternalToast) => show('info', title, options),
	warning: (title: ReactNode, options?: ExternalToast) => show('warning', title, options),
	loading: (title: ReactNode, options?: ExternalToast) => show('loading', title, options),
})

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
 * Puts `--toasts-top` at the lowest visible header's bottom edge (plus a gap), measured when a toast
 * comes: the phone's top bar stays, the desktop header scrolls away (then toasts sit higher).
 */
function placeBelowHeader() {
	if (typeof document === 'undefined') return
	const bottoms = Array.from(document.querySelectorAll(HEADER_SELECTOR), (el) => el.getBoundingClientRect().bottom)
	document.documentElement.style.setProperty('--toasts-top', `${Math.round(Math.max(0, ...bottoms)) + GAP_PX}px`)
}

/**
 * The toast sonner's code could not be loaded for (the network down), plainly in the same corner: the
 * toast that says an answer was lost (lost-answer.ts) must not need the network.
 */
function UnshownToast() {
	const { t } = useTranslation()
	const item = useSyncExternalStore(subscribe, () => unshown, () => null)
	if (!item) return null
	return (
		<div role="alert" className="toast-fallback" style={{ top: offset.top }} data-toast-fallback={item.kind}>
			<p>{item.title}</p>
			{typeof item.description === 'string' ? <p>{item.description}</p> : null}
			<button type="button" aria-label={t('toasts.close')} onClick={() => keepUnshown(null)}>
				×
			</button>
		</div>
	)
}

/**
 * Where toasts appear (top right, below the header). Sonner's code is fetched with the first toast
 * (most page views show none, and every kilobyte of a page's script counts); while it cannot be
 * loaded, UnshownToast shows the last one, and the next toast tries again.
 */
export function Toasts() {
	const { t } = useTranslation()
	const active = useSyncExternalStore(subscribe, () => wanted, () => false)
	const module = useSyncExternalStore(subscribe, () => sonnerModule, () => null)
	if (!active) return null
	if (!module) return <UnshownToast />
	const Toaster = module.Toaster
	return (
		<>
			<UnshownToast />
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
		</>
	)
}
