import { expect, test } from 'vitest'
import { readAudio } from './audio.server.ts'
import { InputError } from './errors.ts'
import { MB } from './kinds.ts'

function wav() {
	const bytes = Buffer.alloc(44 + 3200)
	bytes.write('RIFF', 0, 'ascii')
	bytes.writeUInt32LE(36 + 3200, 4)
	bytes.write('WAVEfmt ', 8, 'ascii')
	bytes.writeUInt32LE(16, 16)
	bytes.writeUInt16LE(1, 20)
	bytes.writeUInt16LE(1, 22)
	bytes.writeUInt32LE(16_000, 24)
	bytes.writeUInt32LE(32_000, 28)
	bytes.writeUInt16LE(2, 32)
	bytes.writeUInt16LE(16, 34)
	bytes.write('data', 36, 'ascii')
	bytes.writeUInt32LE(3200, 40)
	return new Uint8Array(bytes)
}

const mp3Frame = new Uint8Array([0xff, 0xfb, 0x90, 0x64, ...new Array(400).fill(0)])
const id3 = new Uint8Array([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, ...new Array(400).fill(0)])
const m4a = new Uint8Array([0, 0, 0, 0x20, ...Buffer.from('ftypM4A '), 0, 0, 2, 0, ...Buffer.from('M4A isom'), ...new Array(400).fill(0)])

function refusal(bytes: Uint8Array, name = 'datei') {
	try {
		readAudio({ name, bytes })
		return null
	} catch (error) {
		return error instanceof InputError ? error.code : 'other'
	}
}

test('an uploaded WAV, MP3 or M4A is judged by its bytes, whatever its name', () => {
	expect(readAudio({ name: 'memo.wav', bytes: wav() })).toEqual({ contentType: 'audio/wav', ext: 'wav' })
	expect(readAudio({ name: 'memo.txt', bytes: mp3Frame })).toEqual({ contentType: 'audio/mpeg', ext: 'mp3' })
	expect(readAudio({ name: 'memo', bytes: id3 })).toEqual({ contentType: 'audio/mpeg', ext: 'mp3' })
	expect(readAudio({ name: 'memo.m4a', bytes: m4a })).toEqual({ contentType: 'audio/mp4', ext: 'm4a' })
})

test('other content, an empty file or one over 25 MB is refused', () => {
	expect(refusal(new TextEncoder().encode('Das ist keine Aufnahme, nur Text.'), 'memo.mp3')).toBe('audio_type')
	expect(refusal(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'memo.m4a')).toBe('audio_type')
	expect(refusal(new Uint8Array(), 'memo.wav')).toBe('audio_empty')
	const big = new Uint8Array(25 * MB + 1)
	big.set(mp3Frame.subarray(0, 4))
	expect(refusal(big, 'gross.mp3')).toBe('audio_too_large')
})
