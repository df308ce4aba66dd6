import { expect, test } from 'vitest'
import { readWav } from '#modules/media/index.ts'
import { downsample, encodeWav } from './wav-recorder.ts'

test('encodes 16 kHz mono 16-bit PCM with a 44-byte header the server accepts', () => {
	const samples = new Float32Array(16_000).map((_, i) => Math.sin((i / 16_000) * 2 * Math.PI * 440) * 0.5)
	const bytes = new Uint8Array(encodeWav(samples, 16_000))
	const view = new DataView(bytes.buffer)
	const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))
	expect(bytes.length).toBe(44 + 32_000)
	expect([ascii(0), ascii(8), ascii(12), ascii(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data'])
	expect(view.getUint32(4, true)).toBe(36 + 32_000)
	expect(view.getUint16(20, true)).toBe(1)
	expect(view.getUint16(22, true)).toBe(1)
	expect(view.getUint32(24, true)).toBe(16_000)
	expect(view.getUint32(28, true)).toBe(32_000)
	expect(view.getUint16(32, true)).toBe(2)
	expect(view.getUint16(34, true)).toBe(16)
	expect(view.getUint32(40, true)).toBe(32_000)
	expect(readWav({ name: 'aufnahme.wav', bytes })).toEqual({ durationSeconds: 1, sampleRate: 16_000, channels: 1 })
})

test('clips to the 16-bit range and downsamples 48 kHz to 16 kHz by averaging', () => {
	const bytes = new DataView(encodeWav(new Float32Array([2, -2, 0]), 16_000))
	expect([bytes.getInt16(44, true), bytes.getInt16(46, true), bytes.getInt16(48, true)]).toEqual([32767, -32768, 0])
	const down = downsample(new Float32Array([0.3, 0.6, 0.9, -0.3, -0.6, -0.9]), 48_000, 16_000)
	expect(Array.from(down).map((v) => Math.round(v * 10) / 10)).toEqual([0.6, -0.6])
})
