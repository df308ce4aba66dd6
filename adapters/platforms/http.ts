import { createRequestGuard, PlatformError } from '#modules/publishing/ports.ts'
import type { AdapterSettings } from './settings.ts'

export type HttpResult = { status: number; headers: Headers; text: string; json: unknown }

/**
 * One outbound call with a timeout. `creates` marks a request that creates something on the network
 * (a post, a container publish): when such a call times out or the connection breaks after it was
 * sent, nobody knows whether it happened, so it fails as 'unknown_outcome' (reconcile, never resend).
 * A refused connection never reached the network and is 'transient'.
 */
export async function call(
	settings: Pick<AdapterSettings, 'fetch' | 'timeoutMs'>,
	url: string,
	init: RequestInit & { creates?: boolean; signal?: AbortSignal } = {},
): Promise<HttpResult> {
	if (init.creates) await createRequestGuard.getStore()?.beforeCreate()
	const { signal, timedOut, done } = deadline(settings.timeoutMs, init.signal)
	try {
		let response: Response
		try {
			// A streamed body (a video) needs half duplex in fetch.
			const streamed = typeof ReadableStream !== 'undefined' && init.body instanceof ReadableStream
			response = await settings.fetch(url, { ...init, signal, ...(streamed ? { duplex: 'half' } : {}) } as RequestInit)
		} catch (error) {
			const refused = isConnectionRefused(error)
			throw new PlatformError({
				kind: init.creates && !refused ? 'unknown_outcome' : 'transient',
				code: timedOut() ? 'timeout' : 'network',
				message: error instanceof Error ? error.message : String(error),
			})
		}
		let text: string
		try {
			text = await response.text()
		} catch (error) {
			throw new PlatformError({
				kind: init.creates ? 'unknown_outcome' : 'transient',
				code: 'network',
				message: error instanceof Error ? error.message : String(error),
				status: response.status,
			})
		}
		return { status: response.status, headers: response.headers, text, json: parseJson(text) }
	} finally {
		done()
	}
}

/**
 * A signal that aborts after `ms` or with `outer`, and `done` to clear it once the answer is read.
 * A timer cleared at the end instead of `AbortSignal.timeout`: that one stays armed for the whole timeout
 * after every request (one per delivery) and builds its DOMException when it fires, listened to or not.
 */
function deadline(ms: number, outer?: AbortSignal) {
	const controller = new AbortController()
	let expired = false
	const timer = setTimeout(() => {
		expired = true
		controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
	}, ms)
	const onAbort = () => controller.abort(outer?.reason)
	if (outer?.aborted) onAbort()
	else outer?.addEventListener('abort', onAbort, { once: true })
	return {
		signal: controller.signal,
		timedOut: () => expired,
		done: () => {
			clearTimeout(timer)
			outer?.removeEventListener('abort', onAbort)
		},
	}
}

/** Retry-After in seconds or as an HTTP date, or retry-after-ms; null when absent. */
export function retryAfterMs(headers: Headers): number | null {
	const ms = headers.get('retry-after-ms')
	if (ms && /^\d+$/.test(ms)) return Number(ms)
	const value = headers.get('retry-after')
	if (!value) return null
	if (/^\d+$/.test(value)) return Number(value) * 1000
	const date = Date.parse(value)
	return Number.isNaN(date) ? null : Math.max(0, date - Date.now())
}

export function form(values: Record<string, string | null | undefined>) {
	const body = new URLSearchParams()
	for (const [key, value] of Object.entries(values)) if (value !== null && value !== undefined) body.set(key, value)
	return body
}

/** The body as JSON, or null when it is empty or not JSON. */
export function parseJson(text: string): unknown {
	if (!text) return null
	try {
		return JSON.parse(text)
	} catch {
		return null
	}
}

function isConnectionRefused(error: unknown): boolean {
	const cause = (error as { cause?: { code?: string } } | null)?.cause
	return cause?.code === 'ECONNREFUSED' || cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN'
}
