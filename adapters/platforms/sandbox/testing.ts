import http from 'node:http'
import type { Checkpoint } from '#modules/publishing/ports.ts'

// Test helpers every platform folder shares (its own testing.ts re-exports them). Nothing here names a platform.

const decode = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))

/**
 * A browser on a sandbox consent page (sandbox/consent-page.ts): its hidden fields plus the button
 * pressed, posted back to the form's action. The redirect is returned, not followed.
 */
export async function consent(authorizeUrl: string, decision: 'allow' | 'deny') {
	const page = await fetch(authorizeUrl)
	const html = await page.text()
	const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1]
	if (!action) throw new Error(`No consent form at ${authorizeUrl} (HTTP ${page.status})`)
	const fields = new URLSearchParams([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [decode(m[1]!), decode(m[2]!)]))
	fields.set('decision', decision)
	const answer = await fetch(new URL(decode(action), authorizeUrl), { method: 'POST', body: fields, redirect: 'manual' })
	const location = answer.headers.get('location')
	return { page, html, status: answer.status, location: location ? new URL(location) : null }
}

/**
 * Publish hooks that keep what an adapter saves: each checkpoint in order, and all of them merged
 * like the publisher merges them (`saved`, live; `latest()`, a copy). `onCheckpoint` runs before each is kept.
 */
export function recordingHooks(onCheckpoint: () => void = () => {}) {
	const checkpoints: Array<Checkpoint> = []
	const saved: Checkpoint = {}
	return {
		checkpoints,
		saved,
		latest: () => ({ ...saved }),
		hooks: {
			checkpoint: async (data: Checkpoint) => {
				onCheckpoint()
				checkpoints.push(data)
				Object.assign(saved, data)
			},
		},
	}
}

/**
 * A fetch on which the answers to the requests `lose` picks never arrive in time. Such a request
 * reaches the network and is done there (its answer is read and dropped); then the call waits for the
 * caller's own deadline and fails with it, as a timed-out request does. The request is never cut before
 * the network has done it, so a test of a lost answer holds on a loaded machine whatever the deadline
 * (a short deadline only ends the wait sooner). Without a deadline the call waits for vitest's hang guard.
 */
export function losingAnswers(fetcher: typeof fetch, lose: (url: string, init: RequestInit | undefined) => boolean): typeof fetch {
	return (async (input: string | URL | Request, init?: RequestInit) => {
		if (!lose(input instanceof Request ? input.url : String(input), init)) return fetcher(input, init)
		const { signal, ...unbounded } = init ?? {}
		await (await fetcher(input, unbounded)).arrayBuffer()
		if (!signal) return new Promise<never>(() => {})
		return new Promise<never>((_, reject) => {
			if (signal.aborted) reject(signal.reason)
			else signal.addEventListener('abort', () => reject(signal.reason), { once: true })
		})
	}) as typeof fetch
}

/** `losingAnswers`' choice: the first `count` requests with `method` whose URL ends with `path`. */
export function firstRequests(count: number, method: string, path: string) {
	let left = count
	return (url: string, init: RequestInit | undefined) => {
		if (left === 0 || (init?.method ?? 'GET') !== method || !new URL(url).pathname.endsWith(path)) return false
		left -= 1
		return true
	}
}

/**
 * Runs `action` with the adapter's deadline shortened to `ms`, then restores it (adapters read
 * `settings.timeoutMs` on every request). Setting up (connecting, resolving a server) and looking
 * again afterwards keep the generous default, which a loaded machine needs; only the action's requests
 * meet the short one, and with `losingAnswers` the lost answer is what waits for it.
 */
export async function withDeadline<T>(settings: { timeoutMs: number }, ms: number, action: () => Promise<T>): Promise<T> {
	const before = settings.timeoutMs
	settings.timeoutMs = ms
	try {
		return await action()
	} finally {
		settings.timeoutMs = before
	}
}

/** A file a test serves on loopback (a video, its cover, something that only looks like one). */
export type ServedFile = { type: string; body: Uint8Array }

/**
 * Serves `files` by path on a loopback port, with byte ranges as /media/<key> serves them (a network
 * reads a video's first bytes or all of it). `urlOf(path)` is the absolute URL; `requests` the paths asked for.
 */
export async function serveFiles(files: Record<string, ServedFile>) {
	const requests: Array<string> = []
	const server = http.createServer({ keepAliveTimeout: 0 }, (req, res) => {
		const path = (req.url ?? '/').split('?')[0]!
		requests.push(path)
		const file = files[path]
		if (!file) return void res.writeHead(404).end()
		const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '')
		const start = range ? Number(range[1]) : 0
		const end = range && range[2] ? Math.min(Number(range[2]), file.body.length - 1) : file.body.length - 1
		const headers = { 'content-type': file.type, 'content-length': String(end - start + 1), 'accept-ranges': 'bytes' }
		if (range) res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${file.body.length}` })
		else res.writeHead(200, headers)
		res.end(req.method === 'HEAD' ? undefined : file.body.subarray(start, end + 1))
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as { port: number }
	return {
		urlOf: (path: string) => `http://127.0.0.1:${port}${path}`,
		requests,
		close: () => {
			server.closeAllConnections()
			return new Promise<void>((resolve) => server.close(() => resolve()))
		},
		[Symbol.asyncDispose]() {
			return this.close()
		},
	}
}
