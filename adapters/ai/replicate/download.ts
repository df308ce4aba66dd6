import { AiError } from '#modules/ai/ports.ts'
import { aiMessages } from '../messages.ts'

export type OutputKind = 'image' | 'video'

const acceptedTypes: Record<OutputKind, ReadonlyArray<string>> = {
	image: ['image/jpeg', 'image/png', 'image/webp'],
	video: ['video/mp4'],
}

/** The first output URL: flux-schnell answers with an array, flux-1.1-pro and video models with one string. */
export function outputUrl(output: unknown): string | null {
	const value = Array.isArray(output) ? output[0] : output
	return typeof value === 'string' && /^(https?:|data:)/.test(value) ? value : null
}

/** Copies a (temporary) output file; the type comes from the bytes, else from the response header. */
export async function download(fetcher: typeof fetch, url: string, kind: OutputKind, signal: AbortSignal) {
	const response = await fetcher(url, { signal })
	if (!response.ok) {
		await response.body?.cancel()
		throw new AiError({ kind: 'transient', code: 'download_failed', message: aiMessages.failed, cause: new Error(`GET output file: ${response.status}`) })
	}
	const bytes = new Uint8Array(await response.arrayBuffer())
	const header = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
	const contentType = sniff(bytes, kind) ?? (acceptedTypes[kind].includes(header) ? header : null)
	if (!bytes.length || !contentType) {
		throw new AiError({ kind: 'transient', code: 'unexpected_output', message: aiMessages.failed, cause: new Error(`output file of type ${header || 'unknown'}`) })
	}
	return { bytes, contentType }
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))

function sniff(bytes: Uint8Array, kind: OutputKind): string | null {
	if (kind === 'video') return ascii(bytes, 4, 8) === 'ftyp' ? 'video/mp4' : null
	if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
	if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png'
	if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp'
	return null
}
