import { mayFetch } from './media-probe.ts'

// What a network finds in an image it fetches by URL (Instagram's and Threads' image_url): the fakes
// read the whole file where they may fetch it (loopback /media/ files or their own origin, as
// media-probe), up to the network's byte limit, and judge it by its bytes: the format, the size in
// pixels from the header. Nothing is decoded.

export type FetchedImage = { type: 'image/jpeg' | 'image/png' | null; bytes: Uint8Array; width: number | null; height: number | null }

const FETCH_TIMEOUT_MS = 5_000

/** The image at `raw`; 'too_large' past `maxBytes`; null where the fake may not fetch it or cannot reach it (then judged by its name). */
export async function fetchImage(raw: string, ownBase: string, maxBytes: number): Promise<FetchedImage | 'too_large' | null> {
	if (!URL.canParse(raw) || !mayFetch(new URL(raw), ownBase)) return null
	try {
		const response = await fetch(raw, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
		if (response.status !== 200 || !response.body) {
			await response.body?.cancel()
			return null
		}
		const chunks: Array<Uint8Array> = []
		let size = 0
		for await (const chunk of response.body) {
			size += chunk.length
			if (size > maxBytes) return 'too_large'
			chunks.push(chunk)
		}
		const bytes = Buffer.concat(chunks)
		return { ...formatAndSize(bytes), bytes }
	} catch {
		return null
	}
}

function formatAndSize(bytes: Buffer): Omit<FetchedImage, 'bytes'> {
	if (bytes.length > 24 && bytes.toString('latin1', 1, 4) === 'PNG') return { type: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
	if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: 'image/jpeg', ...jpegSize(bytes) }
	return { type: null, width: null, height: null }
}

/** Width and height from a JPEG's frame header (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(bytes: Buffer): { width: number | null; height: number | null } {
	let offset = 2
	while (offset + 9 < bytes.length) {
		if (bytes[offset] !== 0xff) return { width: null, height: null }
		const marker = bytes[offset + 1]!
		if (marker === 0xff) {
			offset += 1
			continue
		}
		const length = bytes.readUInt16BE(offset + 2)
		if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) }
		offset += 2 + length
	}
	return { width: null, height: null }
}
