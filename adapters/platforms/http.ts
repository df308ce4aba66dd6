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
	const timeout = AbortSignal.timeout(settings.timeoutMs)
	const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout
	let response: Response
	try {
		response = await settings.fetch(url, { ...init, signal })
	} catch (error) {
		const refused = isConnectionRefused(error)
		throw new PlatformError({
			kind: init.creates && !refused ? 'unknown_outcome' : 'transient',
			code: timeout.aborted ? 'timeout' : 'network',
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
