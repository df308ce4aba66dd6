// A signed-in visitor without JavaScript: form posts as a browser sends them (same origin, the
// session cookie), every answer recorded with its duration, and a hard timeout per request so a
// hanging request is seen as one.

export type Outcome = 'ok' | 'redirect' | 'client_error' | 'server_error' | 'refused' | 'reset' | 'timeout' | 'error'

export type Sample = {
	user: number
	action: string
	/** Label of the web process asked (web-1, web-2). */
	web: string
	startedAt: number
	ms: number
	status: number | null
	outcome: Outcome
	/** For a 5xx: the answer is German (our error page, or a German message). */
	german: boolean | null
	detail: string | null
}

/** German error texts the app answers with (the root error page, the route error boundaries, plain 503 texts). */
const GERMAN_ERROR = /Ein unerwarteter Fehler|Fehler beim Laden|existiert nicht|nicht erreichbar|konnte nicht geladen werden|Bitte laden Sie die Seite neu|versuchen Sie es [^.]{0,30}(noch einmal|erneut)/

/** The visible text of an answer says what went wrong in German (scripts, e.g. hydration data, left out). */
export function looksGerman(text: string) {
	const visible = text.replace(/<script[\s\S]*?<\/script>/gi, ' ').replace(/<[^>]+>/g, ' ')
	return GERMAN_ERROR.test(visible) && !/Unexpected Server Error/.test(visible)
}

function classify(error: unknown): { outcome: Outcome; detail: string } {
	const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } }
	const code = e?.cause?.code ?? ''
	if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return { outcome: 'timeout', detail: 'timeout' }
	if (code === 'ECONNREFUSED') return { outcome: 'refused', detail: code }
	if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE' || /other side closed|socket hang up/i.test(e?.cause?.message ?? e?.message ?? '')) {
		return { outcome: 'reset', detail: code || 'socket closed' }
	}
	return { outcome: 'error', detail: `${e?.name ?? 'Error'}: ${e?.cause?.message ?? e?.message ?? String(error)}`.slice(0, 200) }
}

export class Browser {
	readonly cookies = new Map<string, string>()
	readonly user: number
	base: string
	web: string
	private readonly record: (sample: Sample) => void

	constructor(options: { user: number; base: string; web: string; record: (sample: Sample) => void }) {
		this.user = options.user
		this.base = options.base
		this.web = options.web
		this.record = options.record
	}

	private cookieHeader() {
		return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
	}

	private keepCookies(response: Response) {
		for (const line of response.headers.getSetCookie()) {
			const [pair, ...attributes] = line.split(';')
			const at = pair!.indexOf('=')
			if (at < 1) continue
			const name = pair!.slice(0, at).trim()
			const value = pair!.slice(at + 1).trim()
			const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ''
			if (expired) this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
	}

	/**
	 * One request; the body is read completely (an answer is only an answer when it has arrived).
	 * Never throws: failures come back as the sample's outcome.
	 */
	async request(action: string, path: string, init: { method?: string; form?: URLSearchParams | FormData; timeoutMs: number; accept?: string }) {
		const startedAt = Date.now()
		const headers: Record<string, string> = { accept: init.accept ?? 'text/html', 'user-agent': 'postwerk-drill' }
		const cookie = this.cookieHeader()
		if (cookie) headers.cookie = cookie
		if (init.method && init.method !== 'GET') {
			headers.origin = this.base
			headers['sec-fetch-site'] = 'same-origin'
		}
		let status: number | null = null
		let text = ''
		let location: string | null = null
		let outcome: Outcome
		let detail: string | null = null
		try {
			const response = await fetch(`${this.base}${path}`, {
				method: init.method ?? 'GET',
				headers,
				body: init.form,
				redirect: 'manual',
				signal: AbortSignal.timeout(init.timeoutMs),
			})
			status = response.status
			this.keepCookies(response)
			location = response.headers.get('location')
			text = await response.text()
			outcome = status >= 500 ? 'server_error' : status >= 400 ? 'client_error' : status >= 300 ? 'redirect' : 'ok'
		} catch (error) {
			;({ outcome, detail } = classify(error))
		}
		const ms = Date.now() - startedAt
		const german = outcome === 'server_error' ? looksGerman(text) : null
		if (outcome === 'server_error') detail = text.replace(/\s+/g, ' ').slice(0, 160)
		this.record({ user: this.user, action, web: this.web, startedAt, ms, status, outcome, german, detail })
		return { status, text, location, outcome, ms }
	}
}
