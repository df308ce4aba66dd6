import { describe, expect, test } from 'vitest'
import { MB } from './kinds.ts'
import { readWav } from './audio.server.ts'
import type { InputErrorCode } from './errors.ts'

/** A canonical 44-byte-header wav with a 440 Hz tone. */
function wav(options: { sampleRate?: number; channels?: number; bits?: number; format?: number; seconds?: number } = {}) {
	const { sampleRate = 16_000, channels = 1, bits = 16, format = 1, seconds = 1 } = options
	const blockAlign = channels * (bits / 8)
	const dataBytes = Math.round(sampleRate * seconds) * blockAlign
	const bytes = Buffer.alloc(44 + dataBytes)
	bytes.write('RIFF', 0, 'ascii')
	bytes.writeUInt32LE(36 + dataBytes, 4)
	bytes.write('WAVEfmt ', 8, 'ascii')
	bytes.writeUInt32LE(16, 16)
	bytes.writeUInt16LE(format, 20)
	bytes.writeUInt16LE(channels, 22)
	bytes.writeUInt32LE(sampleRate, 24)
	bytes.writeUInt32LE(sampleRate * blockAlign, 28)
	bytes.writeUInt16LE(blockAlign, 32)
	bytes.writeUInt16LE(bits, 34)
	bytes.write('data', 36, 'ascii')
	bytes.writeUInt32LE(dataBytes, 40)
	if (bits === 16) {
		for (let frame = 0; frame * blockAlign < dataBytes; frame++) {
			bytes.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * frame) / sampleRate) * 8000), 44 + frame * blockAlign)
		}
	}
	return new Uint8Array(bytes)
}

function refusal(bytes: Uint8Array): InputErrorCode | 'accepted' {
	try {
		readWav({ name: 'aufnahme.wav', bytes })
		return 'accepted'
	} catch (error) {
		return (error as { code: InputErrorCode }).code
	}
}

describe('readWav', () => {
	test('one second of 16 kHz mono PCM', () => {
		expect(readWav({ name: 'aufnahme.wav', bytes: wav() })).toEqual({ durationSeconds: 1, sampleRate: 16_000, channels: 1 })
	})

	test('stereo float and extra chunks before the data', () => {
		const float = wav({ sampleRate: 48_000, channels: 2, bits: 32, format: 3, seconds: 0.5 })
		expect(readWav({ name: 'a.wav', bytes: float })).toEqual({ durationSeconds: 0.5, sampleRate: 48_000, channels: 2 })
		// A LIST chunk of odd length (padded) between fmt and data.
		const plain = wav({ seconds: 0.25 })
		const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([5, 0, 0, 0]), Buffer.from('INFOx'), Buffer.from([0])])
		const withList = new Uint8Array(Buffer.concat([plain.subarray(0, 36), list, plain.subarray(36)]))
		expect(readWav({ name: 'b.wav', bytes: withList }).durationSeconds).toBe(0.25)
	})

	test('a streamed recording with a placeholder data size counts the bytes that are there', () => {
		const bytes = wav({ seconds: 2 })
		new DataView(bytes.buffer).setUint32(40, 0xffffffff, true)
		expect(readWav({ name: 'stream.wav', bytes }).durationSeconds).toBe(2)
	})

	test('garbage and other formats are refused as audio_type', () => {
		expect(refusal(new TextEncoder().encode('Das ist keine Aufnahme, sondern Text.'))).toBe('audio_type')
		expect(refusal(Uint8Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256))).toBe('audio_type')
		// RIFF/WAVE, but the fmt chunk is cut off.
		expect(refusal(wav().subarray(0, 28))).toBe('audio_type')
		// Compressed (e.g. ADPCM = 2) is not PCM or float.
		expect(refusal(wav({ format: 2 }))).toBe('audio_type')
		const badAlign = wav()
		new DataView(badAlign.buffer).setUint16(32, 3, true)
		expect(refusal(badAlign)).toBe('audio_type')
		const noRate = wav()
		new DataView(noRate.buffer).setUint32(24, 0, true)
		expect(refusal(noRate)).toBe('audio_type')
	})

	test('no samples is audio_empty', () => {
		expect(refusal(wav({ seconds: 0 }))).toBe('audio_empty')
		expect(refusal(wav().subarray(0, 44))).toBe('audio_empty')
		expect(refusal(wav().subarray(0, 36))).toBe('audio_empty')
		expect(refusal(new Uint8Array())).toBe('audio_empty')
	})

	test('over 25 MB is refused before parsing', () => {
		const big = new Uint8Array(25 * MB + 1)
		big.set(wav().subarray(0, 44))
		expect(refusal(big)).toBe('audio_too_large')
	})
})
