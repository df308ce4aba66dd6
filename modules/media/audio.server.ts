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

export type AudioFormat = { contentType: 'audio/wav' | 'audio/mpeg' | 'audio/mp4'; ext: 'wav' | 'mp3' | 'm4a' }

/**
 * Checks an uploaded voice memo or audio file by its content, not its name: a WAV recording (as
 * readWav), an MP3 (ID3 tag or an MPEG audio frame header) or an M4A (an ISO media file); at most
 * AUDIO_MAX_BYTES. Answers the type to hand to the transcriber.
 */
export function readAudio(file: { name: string; bytes: Uint8Array }): AudioFormat {
	const bytes = file.bytes
	if (bytes.length > AUDIO_MAX_BYTES) throw new InputError('audio_too_large')
	if (bytes.length === 0) throw new InputError('audio_empty')
	const type = sniff(bytes)
	if (type === 'wav') {
		readWav(file)
		return { contentType: 'audio/wav', ext: 'wav' }
	}
	if (type === 'mp4') return { contentType: 'audio/mp4', ext: 'm4a' }
	if ((type === null || type === 'text') && isMp3(bytes)) return { contentType: 'audio/mpeg', ext: 'mp3' }
	throw new InputError('audio_type')
}

function isMp3(bytes: Uint8Array) {
	// An ID3v2 tag ('ID3', version 2-4) in front of the frames.
	if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33 && bytes[3]! >= 2 && bytes[3]! <= 4) return true
	// A frame header: 11 sync bits, a known MPEG version and layer, a valid bitrate and sample rate.
	if (bytes.length < 4 || bytes[0] !== 0xff || (bytes[1]! & 0xe0) !== 0xe0) return false
	const version = (bytes[1]! >> 3) & 0b11
	const layer = (bytes[1]! >> 1) & 0b11
	const bitrate = bytes[2]! >> 4
	const sampleRate = (bytes[2]! >> 2) & 0b11
	return version !== 0b01 && layer !== 0 && bitrate !== 0b1111 && sampleRate !== 0b11
}
