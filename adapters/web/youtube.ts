// YouTube metadata from fixed hosts only (SECURITY.md §2.3): the user's URL is never fetched, only
// its validated video id goes to the configured Data API, oEmbed and timedtext endpoints.
import { Parser } from 'htmlparser2'
import { WebReadError, type YoutubeVideo } from '#modules/media/web-reader.ts'

export type YoutubeClientOptions = {
	/** With a key the Data API is used (title, description, channel); without, oEmbed (no description). */
	apiKey?: string
	/** e.g. https://www.googleapis.com/youtube/v3 */
	apiBase: string
	/** e.g. https://www.youtube.com/oembed */
	oembedUrl: string
	/** e.g. https://www.youtube.com (for /api/timedtext) */
	transcriptBase: string
	fetch?: typeof fetch
	/** Per request. Default 10 s. */
	timeoutMs?: number
}

export type YoutubeClient = { video(id: string, signal?: AbortSignal): Promise<YoutubeVideo> }

export const TRANSCRIPT_MAX = 20_000
const videoIdPattern = /^[A-Za-z0-9_-]{11}$/
const transcriptLanguages = ['de', 'en']

export function createYoutubeClient(options: YoutubeClientOptions): YoutubeClient {
	const fetchImpl = options.fetch ?? fetch
	const timeoutMs = options.timeoutMs ?? 10_000
	const apiBase = options.apiBase.replace(/\/+$/, '')
	const transcriptBase = options.transcriptBase.replace(/\/+$/, '')

	async function get(url: string, signal: AbortSignal | undefined): Promise<{ status: number; text: string }> {
		const timeout = AbortSignal.timeout(timeoutMs)
		const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
		try {
			const response = await fetchImpl(url, { signal: combined, redirect: 'error', headers: { accept: 'application/json, text/xml;q=0.9' } })
			return { status: response.status, text: await response.text() }
		} catch (error) {
			if (signal?.aborted) throw signal.reason
			if (timeout.aborted) throw new WebReadError('timeout', 'YouTube hat nicht rechtzeitig geantwortet.', { cause: error })
			throw new WebReadError('unreachable', 'YouTube ist nicht erreichbar.', { cause: error })
		}
	}

	async function getJson(url: string, signal: AbortSignal | undefined): Promise<Record<string, unknown>> {
		const { status, text } = await get(url, signal)
		if (status < 200 || status >= 300) throw new WebReadError('unreachable', `YouTube antwortet mit HTTP ${status}.`)
		try {
			const json: unknown = JSON.parse(text)
			if (json && typeof json === 'object') return json as Record<string, unknown>
		} catch {
			// handled below
		}
		throw new WebReadError('unreachable', 'YouTube hat keine lesbare Antwort geliefert.')
	}

	async function metadata(id: string, signal: AbortSignal | undefined) {
		if (options.apiKey) {
			const url = `${apiBase}/videos?part=snippet&id=${id}&key=${encodeURIComponent(options.apiKey)}`
			const json = await getJson(url, signal)
			const items = Array.isArray(json.items) ? (json.items as Array<{ snippet?: Record<string, unknown> }>) : []
			const snippet = items[0]?.snippet
			if (!snippet) throw new WebReadError('unreachable', 'Das Video wurde nicht gefunden.')
			return { title: text(snippet.title), description: text(snippet.description), channel: text(snippet.channelTitle) || null }
		}
		const watchUrl = `https://www.youtube.com/watch?v=${id}`
		const json = await getJson(`${options.oembedUrl}?url=${encodeURIComponent(watchUrl)}&format=json`, signal)
		return { title: text(json.title), description: '', channel: text(json.author_name) || null }
	}

	/** Best effort: null when no German or English captions can be read. */
	async function transcript(id: string, signal: AbortSignal | undefined) {
		for (const lang of transcriptLanguages) {
			try {
				const { status, text: xml } = await get(`${transcriptBase}/api/timedtext?v=${id}&lang=${lang}`, signal)
				if (status !== 200 || !xml.trim()) continue
				const lines = parseTimedText(xml)
				if (lines) return lines
			} catch (error) {
				if (signal?.aborted) throw error
			}
		}
		return null
	}

	return {
		async video(id, signal) {
			if (!videoIdPattern.test(id)) throw new WebReadError('invalid_url', 'Ungültige YouTube-Video-ID.')
			const [meta, captions] = await Promise.all([metadata(id, signal), transcript(id, signal)])
			if (!meta.title) throw new WebReadError('unreachable', 'Das Video wurde nicht gefunden.')
			return { id, ...meta, transcript: captions }
		},
	}
}

function text(value: unknown) {
	return typeof value === 'string' ? value.trim() : ''
}

/** The caption lines of a timedtext XML document, joined; null when there are none. */
export function parseTimedText(xml: string): string | null {
	const lines: Array<string> = []
	let current: string | null = null
	const parser = new Parser(
		{
			onopentag(name) {
				if (name === 'text') current = ''
			},
			ontext(data) {
				if (current !== null) current += data
			},
			onclosetag(name) {
				if (name !== 'text' || current === null) return
				// timedtext escapes the caption text once more (&amp;#39;): decode the second layer too.
				const line = decodeEntities(current).replace(/\s+/g, ' ').trim()
				if (line) lines.push(line)
				current = null
			},
		},
		{ xmlMode: true, decodeEntities: true },
	)
	parser.write(xml)
	parser.end()
	if (lines.length === 0) return null
	const joined = lines.join(' ')
	return joined.length > TRANSCRIPT_MAX ? joined.slice(0, TRANSCRIPT_MAX).trimEnd() : joined
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function decodeEntities(value: string) {
	return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
		if (body[0] === '#') {
			const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
			return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
		}
		return namedEntities[body.toLowerCase()] ?? entity
	})
}
