import type { UploadOutcome } from './uploads.server.ts'
import { WebReadError, type WebReadErrorCode } from './web-reader.ts'

// A post's media given by URL (REST API, MCP; ADR 0072 "Media by URL"): fetched at once through the
// SSRF-safe fetcher and stored as the user's upload, like a file sent to POST /media, so the post's
// item names a stored key and the networks' preflight sees the file's real facts.

/** The answer behind a user's URL as it arrives, through the SSRF-safe fetcher (createSafeStream); throws WebReadError. */
export type MediaUrlFetch = (url: string, signal?: AbortSignal) => Promise<{ declaredBytes: number | null; body: AsyncIterable<Uint8Array> }>

/** Why a URL was not taken before its bytes were judged: a refused address, no answer, or more bytes than any upload may have. */
export type UrlRefusal = 'url_blocked' | 'url_unreachable' | 'url_too_large'

export type UrlImportOutcome = UploadOutcome | { ok: false; code: UrlRefusal }

type Upload = (userId: string, requestId: string, input: { body: AsyncIterable<Uint8Array>; name: string; declaredBytes?: number | null; signal?: AbortSignal }) => Promise<UploadOutcome>

const REFUSAL: Record<WebReadErrorCode, UrlRefusal> = {
	invalid_url: 'url_blocked',
	blocked_address: 'url_blocked',
	too_large: 'url_too_large',
	timeout: 'url_unreachable',
	unreachable: 'url_unreachable',
	not_html: 'url_unreachable',
	no_content: 'url_unreachable',
	too_many_redirects: 'url_unreachable',
}

function refusalOf(error: unknown): UrlRefusal | null {
	if (error instanceof WebReadError || (error as Error)?.name === 'WebReadError') return REFUSAL[(error as WebReadError).code] ?? 'url_unreachable'
	return null
}

/** Fetches `url` and stores it as the user's upload (judged by content, with its kind's limit); once per request id. */
export async function importMediaUrl(fetchMediaUrl: MediaUrlFetch | undefined, upload: Upload, userId: string, requestId: string, url: string, signal?: AbortSignal): Promise<UrlImportOutcome> {
	if (!fetchMediaUrl) return { ok: false, code: 'url_unreachable' }
	let answer: Awaited<ReturnType<MediaUrlFetch>>
	try {
		answer = await fetchMediaUrl(url, signal)
	} catch (error) {
		const refusal = refusalOf(error)
		if (refusal) return { ok: false, code: refusal }
		throw error
	}
	// The upload sees a broken download as a cut-off body; the fetcher's own reason is kept here.
	let failure: unknown = null
	async function* recorded() {
		try {
			yield* answer.body
		} catch (error) {
			failure = error
			throw error
		}
	}
	const name = new URL(url).pathname.split('/').pop() ?? ''
	try {
		const outcome = await upload(userId, requestId, { body: recorded(), name, declaredBytes: answer.declaredBytes, signal })
		const refusal = !outcome.ok && outcome.code === 'upload_aborted' ? refusalOf(failure) : null
		return refusal ? { ok: false, code: refusal } : outcome
	} catch (error) {
		const refusal = refusalOf(failure ?? error)
		if (refusal) return { ok: false, code: refusal }
		throw error
	}
}
