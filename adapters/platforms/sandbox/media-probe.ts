// What a network finds when it fetches a media URL it was given (Instagram's and Threads' containers,
// Facebook's file_url): the sandbox fakes look at the first bytes the way the networks do. They fetch
// only from loopback or from their own origin (the app that serves the sandbox also serves /media/),
// never from anywhere a user names: any other URL is judged by its extension alone.

export type ProbedMedia = 'video' | 'image' | 'other' | 'unreachable'

const PROBE_TIMEOUT_MS = 5_000
const FIRST_BYTES = 32
/** ISO BMFF brands of still images (HEIF, AVIF): an 'ftyp' box alone does not make a video. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis'])

/** Whether the fake may fetch `url`: a loopback host or the fake's own origin. */
export function mayFetch(url: URL, ownBase: string) {
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
	if (url.origin === new URL(ownBase).origin) return true
	// Loopback only for an app's /media/ files (a test's app on another port): anything else there answers
	// like an unreachable file, so the fake tells nobody which local ports serve what.
	const host = url.hostname.replace(/^\[|\]$/g, '')
	const loopback = host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
	return loopback && url.pathname.startsWith('/media/') && !url.username && !url.password
}

/** What `raw` holds, by its first bytes where the fake may fetch it, else by its extension. */
export async function probeMedia(raw: string, ownBase: string): Promise<ProbedMedia> {
	if (!URL.canParse(raw)) return 'unreachable'
	const url = new URL(raw)
	if (!mayFetch(url, ownBase)) return byExtension(url.pathname)
	try {
		const response = await fetch(url, { headers: { range: `bytes=0-${FIRST_BYTES - 1}` }, redirect: 'manual', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
		if (response.status !== 200 && response.status !== 206) {
			await response.body?.cancel()
			return 'unreachable'
		}
		return kindOf(response.headers.get('content-type') ?? '', await firstBytes(response))
	} catch {
		return 'unreachable'
	}
}

function kindOf(contentType: string, head: Buffer): ProbedMedia {
	if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') return IMAGE_BRANDS.has(head.toString('latin1', 8, 12)) ? 'image' : 'video'
	if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image'
	if (head.length >= 8 && head.toString('latin1', 1, 4) === 'PNG') return 'image'
	// The bytes say it when there are some (a page named .mp4 is no video); the type only when the body is empty.
	if (head.length > 0) return 'other'
	if (/^video\//i.test(contentType)) return 'video'
	if (/^image\//i.test(contentType)) return 'image'
	return 'other'
}

async function firstBytes(response: Response) {
	const reader = response.body?.getReader()
	if (!reader) return Buffer.alloc(0)
	const chunks: Array<Buffer> = []
	let size = 0
	while (size < FIRST_BYTES) {
		const { done, value } = await reader.read()
		if (done) break
		chunks.push(Buffer.from(value))
		size += value.length
	}
	await reader.cancel()
	return Buffer.concat(chunks).subarray(0, FIRST_BYTES)
}

function byExtension(path: string): ProbedMedia {
	if (/\.(mp4|m4v|mov)$/i.test(path)) return 'video'
	if (/\.(jpe?g|png|gif|webp|heic)$/i.test(path)) return 'image'
	return 'other'
}
