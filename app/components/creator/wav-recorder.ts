// Records the microphone as 16 kHz mono 16-bit PCM WAV (what transcription expects), in the browser.
// A ScriptProcessorNode captures the samples (deprecated, but available everywhere): an AudioWorklet
// needs a separately loaded module script, which the page's nonce-based CSP makes awkward.

export const WAV_SAMPLE_RATE = 16_000
/** About ten minutes: longer recordings exceed the upload limit (modules/media/kinds.ts). */
export const MAX_RECORDING_MS = 10 * 60 * 1000
/** The file name of a recording (an uploaded audio file keeps its own). */
export const RECORDING_NAME = 'aufnahme.wav'

export type Recording = { file: File; samples: Float32Array; durationMs: number }

export type WavRecorder = { stop: () => Recording; cancel: () => void }

/** Asks for the microphone and starts recording; rejects when access is denied or there is no microphone. */
export async function startWavRecorder(): Promise<WavRecorder> {
	if (!navigator.mediaDevices?.getUserMedia) throw new Error('getUserMedia is not available')
	const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } })
	const context = new AudioContext()
	const source = context.createMediaStreamSource(stream)
	const processor = context.createScriptProcessor(4096, 1, 1)
	// Chromium only runs a processor that is connected onwards; a muted gain keeps the speakers quiet.
	const mute = context.createGain()
	mute.gain.value = 0
	const chunks: Array<Float32Array> = []
	processor.onaudioprocess = (event) => {
		chunks.push(new Float32Array(event.inputBuffer.getChannelData(0)))
	}
	source.connect(processor)
	processor.connect(mute)
	mute.connect(context.destination)
	if (context.state === 'suspended') await context.resume()

	function release() {
		processor.onaudioprocess = null
		source.disconnect()
		processor.disconnect()
		mute.disconnect()
		for (const track of stream.getTracks()) track.stop()
		void context.close()
	}

	return {
		stop() {
			const inputRate = context.sampleRate
			release()
			const samples = downsample(concat(chunks), inputRate, WAV_SAMPLE_RATE)
			const wav = encodeWav(samples, WAV_SAMPLE_RATE)
			return {
				file: new File([wav], RECORDING_NAME, { type: 'audio/wav' }),
				samples,
				durationMs: Math.round((samples.length / WAV_SAMPLE_RATE) * 1000),
			}
		},
		cancel: release,
	}
}

function concat(chunks: Array<Float32Array>) {
	const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0)
	const out = new Float32Array(total)
	let at = 0
	for (const chunk of chunks) {
		out.set(chunk, at)
		at += chunk.length
	}
	return out
}

/** Averages the input samples that fall into each output sample (a simple low-pass against aliasing). */
export function downsample(input: Float32Array, inputRate: number, outputRate: number) {
	if (inputRate === outputRate) return input
	const ratio = inputRate / outputRate
	const length = Math.floor(input.length / ratio)
	const out = new Float32Array(length)
	for (let i = 0; i < length; i++) {
		const start = Math.floor(i * ratio)
		const end = Math.min(input.length, Math.floor((i + 1) * ratio))
		let sum = 0
		for (let j = start; j < end; j++) sum += input[j]!
		out[i] = end > start ? sum / (end - start) : 0
	}
	return out
}

/** A RIFF/WAVE file: the 44-byte header, then the samples as 16-bit little-endian PCM. */
export function encodeWav(samples: Float32Array, sampleRate: number): ArrayBuffer {
	const bytesPerSample = 2
	const dataBytes = samples.length * bytesPerSample
	const buffer = new ArrayBuffer(44 + dataBytes)
	const view = new DataView(buffer)
	const ascii = (at: number, text: string) => {
		for (let i = 0; i < text.length; i++) view.setUint8(at + i, text.charCodeAt(i))
	}
	ascii(0, 'RIFF')
	view.setUint32(4, 36 + dataBytes, true)
	ascii(8, 'WAVE')
	ascii(12, 'fmt ')
	view.setUint32(16, 16, true)
	view.setUint16(20, 1, true)
	view.setUint16(22, 1, true)
	view.setUint32(24, sampleRate, true)
	view.setUint32(28, sampleRate * bytesPerSample, true)
	view.setUint16(32, bytesPerSample, true)
	view.setUint16(34, 16, true)
	ascii(36, 'data')
	view.setUint32(40, dataBytes, true)
	for (let i = 0; i < samples.length; i++) {
		const s = Math.max(-1, Math.min(1, samples[i]!))
		view.setInt16(44 + i * bytesPerSample, s < 0 ? s * 0x8000 : s * 0x7fff, true)
	}
	return buffer
}

/** Plays a recording through Web Audio (a blob: URL in an <audio> element is outside the page's media policy). */
export function playSamples(samples: Float32Array, sampleRate = WAV_SAMPLE_RATE, onEnded?: () => void) {
	const context = new AudioContext()
	const buffer = context.createBuffer(1, Math.max(1, samples.length), sampleRate)
	buffer.copyToChannel(samples as Float32Array<ArrayBuffer>, 0)
	const source = context.createBufferSource()
	source.buffer = buffer
	source.connect(context.destination)
	source.onended = () => {
		void context.close()
		onEnded?.()
	}
	source.start()
	return () => {
		source.onended = null
		try {
			source.stop()
		} catch {
			// Already ended.
		}
		void context.close()
	}
}
