import { AUDIO_MAX_BYTES } from './kinds.ts'
import { InputError } from './errors.ts'
import { sniff } from './sniff.ts'

export type WavInfo = { durationSeconds: number; sampleRate: number; channels: number }

type WavFormat = { sampleRate: number; channels: number; blockAlign: number }

const PCM = 1
const IEEE_FLOAT = 3
const EXTENSIBLE = 0xfffe

/** Checks an uploaded recording: a RIFF/WAVE file of PCM or float samples that holds some audio. */
export function readWav(file: { name: string; bytes: Uint8Array }): WavInfo {
	const bytes = file.bytes
	if (bytes.length > AUDIO_MAX_BYTES) throw new InputError('audio_too_large')
	if (bytes.length === 0) throw new InputError('audio_empty')
	if (sniff(bytes) !== 'wav') throw new InputError('audio_type')
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	let format: WavFormat | null = null
	let dataBytes = 0
	for (let at = 12; at + 8 <= bytes.length; ) {
		const id = String.fromCharCode(...bytes.subarray(at, at + 4))
		const size = view.getUint32(at + 4, true)
		const body = at + 8
		if (id === 'fmt ') {
			format = parseFormat(view, body, size)
		} else if (id === 'data') {
			if (!format) break
			// Recorders that stream write a placeholder size (often 0xFFFFFFFF): count what is there.
			dataBytes = Math.min(size, bytes.length - body)
			break
		}
		at = body + size + (size % 2)
	}
	if (!format) throw new InputError('audio_type')
	const frames = Math.floor(dataBytes / format.blockAlign)
	if (frames === 0) throw new InputError('audio_empty')
	return { durationSeconds: frames / format.sampleRate, sampleRate: format.sampleRate, channels: format.channels }
}

function parseFormat(view: DataView, at: number, size: number): WavFormat {
	if (size < 16 || at + size > view.byteLength) throw new InputError('audio_type')
	let encoding = view.getUint16(at, true)
	const channels = view.getUint16(at + 2, true)
	const sampleRate = view.getUint32(at + 4, true)
	const blockAlign = view.getUint16(at + 12, true)
	const bitsPerSample = view.getUint16(at + 14, true)
	// WAVE_FORMAT_EXTENSIBLE names the real encoding in the first two bytes of its sub-format GUID.
	if (encoding === EXTENSIBLE && size >= 40) encoding = view.getUint16(at + 24, true)
	const validBits = encoding === PCM ? [8, 16, 24, 32].includes(bitsPerSample) : encoding === IEEE_FLOAT && [32, 64].includes(bitsPerSample)
	if (!validBits || channels === 0 || sampleRate === 0 || blockAlign !== channels * (bitsPerSample / 8)) {
		throw new InputError('audio_type')
	}
	return { sampleRate, channels, blockAlign }
}
