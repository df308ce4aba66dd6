// The drill's virtual users: each signs in through the sign-in form and then does what the browser
// does, at random: saves drafts, plans posts, posts now (the worker publishes through the sandbox),
// starts generations and buys credit packs through the test checkout. Every write the app
// acknowledged (2xx, or the redirect that names what was created) is recorded on the drill's side
// with a marker that makes it findable in the database afterwards. Drafts and posts carry a request
// id, as the browser's forms do: a write whose answer was lost (reset, timeout, refused, 5xx) is sent
// again with the same id, and the app creates it once (the drill checks that no marker is stored twice).
import { randomBytes, randomUUID } from 'node:crypto'
import { Browser, type Sample } from './browser.ts'

export type Ack =
	| { kind: 'draft' | 'scheduled' | 'publish'; user: number; userId: string; marker: string; at: number; attempts: number }
	| { kind: 'generation'; user: number; userId: string; generationId: string; at: number }
	| { kind: 'purchase'; user: number; userId: string; sessionId: string; at: number }

export type VirtualUser = { index: number; userId: string; email: string; password: string; browser: Browser; signedIn: boolean }

export const REQUEST_TIMEOUT_MS = 20_000
export const GENERATION_TIMEOUT_MS = 60_000
/** Resends of a write whose answer was lost, 1 s, 2 s, 3 s apart (a restarted web process is back within them). */
const WRITE_RETRIES = 3
const LOST = new Set(['reset', 'timeout', 'refused', 'server_error', 'error'])

/** A marker the sandbox and the database keep verbatim (letters and digits only). */
export const newMarker = () => `DRILL${randomBytes(8).toString('hex')}`
export const MARKER = /DRILL[0-9a-f]{16}/

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A planning slot the day after tomorrow (Europe/Zurich), so it is valid whatever the hour now. */
function futureSlot() {
	const day = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Zurich' })
	const hour = 7 + Math.floor(Math.random() * 15)
	return { date: day, time: `${String(hour).padStart(2, '0')}:${Math.random() < 0.5 ? '00' : '30'}` }
}

export function createLoad(options: { packId: string; record: (sample: Sample) => void; acks: Array<Ack> }) {
	const { acks } = options

	async function signIn(u: VirtualUser) {
		const form = new URLSearchParams({ intent: 'signin', email: u.email, password: u.password, redirectTo: '/posts' })
		const r = await u.browser.request('sign-in', '/auth', { method: 'POST', form, timeoutMs: REQUEST_TIMEOUT_MS })
		u.signedIn = r.status === 302 && u.browser.cookies.size > 0
		return u.signedIn
	}

	function creatorForm(intent: string, text: string, extra: Record<string, string> = {}) {
		return new URLSearchParams({ intent, requestId: randomUUID(), platforms: 'linkedin', 'text.linkedin': text, prompt: '', ...extra })
	}

	/** A creator write; while its answer is lost, the same form (the same request id) is sent again. */
	async function write(u: VirtualUser, action: string, form: URLSearchParams) {
		for (let attempt = 1; ; attempt++) {
			const r = await u.browser.request(action, '/create', { method: 'POST', form, timeoutMs: REQUEST_TIMEOUT_MS })
			if (!LOST.has(r.outcome) || attempt > WRITE_RETRIES) return { ...r, attempts: attempt }
			await sleep(1000 * attempt)
		}
	}

	const actions: Record<string, (u: VirtualUser) => Promise<void>> = {
		async draft(u) {
			const marker = newMarker()
			const r = await write(u, 'draft', creatorForm('save-draft', `Entwurf aus der Übung ${marker}: Ideen für die Woche.`))
			if (r.status === 200) acks.push({ kind: 'draft', user: u.index, userId: u.userId, marker, at: Date.now(), attempts: r.attempts })
		},
		async schedule(u) {
			const marker = newMarker()
			const r = await write(u, 'schedule', creatorForm('schedule', `Geplanter Beitrag ${marker} für übermorgen.`, futureSlot()))
			if (r.status === 200) acks.push({ kind: 'scheduled', user: u.index, userId: u.userId, marker, at: Date.now(), attempts: r.attempts })
		},
		async publish(u) {
			const marker = newMarker()
			const r = await write(u, 'publish', creatorForm('publish', `Jetzt gepostet ${marker}: frische Zimtschnecken im Laden.`))
			if (r.status === 200) acks.push({ kind: 'publish', user: u.index, userId: u.userId, marker, at: Date.now(), attempts: r.attempts })
		},
		async generation(u) {
			const form = new FormData()
			form.set('requestId', randomUUID())
			form.set('kind', 'smart-post')
			form.append('platforms', 'linkedin')
			form.set('agentId', '')
			form.set('prompt', `Ein Beitrag über unser neues Brot ${newMarker()}`)
			const r = await u.browser.request('generation', '/api/generations', { method: 'POST', form, timeoutMs: GENERATION_TIMEOUT_MS, accept: 'application/x-ndjson' })
			if (r.status !== 200) return
			const last = r.text.trim().split('\n').at(-1)
			try {
				const event = JSON.parse(last ?? '') as { type?: string; outcome?: { ok?: boolean; generationId?: string } }
				if (event.type === 'done' && event.outcome?.ok && event.outcome.generationId) {
					acks.push({ kind: 'generation', user: u.index, userId: u.userId, generationId: event.outcome.generationId, at: Date.now() })
				}
			} catch {
				// a cut-off stream is no acknowledgement
			}
		},
		async purchase(u) {
			const start = await u.browser.request('checkout', '/pricing', { method: 'POST', form: new URLSearchParams({ intent: 'checkout', itemKind: 'pack', itemId: options.packId, code: '' }), timeoutMs: REQUEST_TIMEOUT_MS })
			const sessionId = start.status === 302 ? /\/pricing\/test-checkout\/([A-Za-z0-9_-]+)/.exec(start.location ?? '')?.[1] : null
			if (!sessionId) return
			const pay = await u.browser.request('pay', `/pricing/test-checkout/${sessionId}`, { method: 'POST', form: new URLSearchParams({ intent: 'pay' }), timeoutMs: REQUEST_TIMEOUT_MS })
			if (pay.status === 302 && (pay.location ?? '').includes('checkout=success')) acks.push({ kind: 'purchase', user: u.index, userId: u.userId, sessionId, at: Date.now() })
		},
	}

	const weights: Array<[string, number]> = [
		['draft', 3],
		['schedule', 2],
		['publish', 3],
		['generation', 1],
		['purchase', 1],
	]
	const total = weights.reduce((sum, [, w]) => sum + w, 0)
	function pick() {
		let r = Math.random() * total
		for (const [name, w] of weights) if ((r -= w) < 0) return name
		return 'draft'
	}

	/** Runs one user until `until()` says stop; think time between actions. */
	async function run(u: VirtualUser, until: () => boolean, thinkMs: [number, number] = [150, 600]) {
		while (!until()) {
			if (!u.signedIn) {
				if (!(await signIn(u))) {
					await sleep(500)
					continue
				}
			}
			await actions[pick()]!(u)
			await sleep(thinkMs[0] + Math.random() * (thinkMs[1] - thinkMs[0]))
		}
	}

	return { run, signIn, actions }
}
