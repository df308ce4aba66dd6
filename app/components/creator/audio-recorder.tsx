import { Button } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { Mic, Play, Square, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { toast } from '#app/components/toast.tsx'
import { MAX_RECORDING_MS, WAV_SAMPLE_RATE, playSamples, startWavRecorder, type Recording, type WavRecorder } from './wav-recorder.ts'
import '#locales/ns/creator.ts'

/** 16 kHz mono 16-bit after the 44-byte header (our own recordings). */
function wavDurationMs(file: File) {
	return Math.max(0, ((file.size - 44) / (WAV_SAMPLE_RATE * 2)) * 1000)
}

function clock(ms: number) {
	const seconds = Math.floor(ms / 1000)
	return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
}

/** Record, stop, listen and discard a voice memo; the WAV file goes to `onChange`. */
export function AudioRecorder({ audio, onChange }: { audio: File | null; onChange: (file: File | null) => void }) {
	const { t } = useTranslation('creator')
	const [state, setState] = useState<'idle' | 'starting' | 'recording'>('idle')
	const [elapsed, setElapsed] = useState(0)
	const [recording, setRecording] = useState<Recording | null>(null)
	const [playing, setPlaying] = useState(false)
	const recorder = useRef<WavRecorder | null>(null)
	const stopPlayback = useRef<(() => void) | null>(null)
	const onChangeRef = useRef(onChange)
	const stopRef = useRef(stop)
	useEffect(() => {
		onChangeRef.current = onChange
		stopRef.current = stop
	})

	// Leaving the step or the page releases the microphone.
	useEffect(
		() => () => {
			recorder.current?.cancel()
			stopPlayback.current?.()
		},
		[],
	)

	useEffect(() => {
		if (state !== 'recording') return
		const started = Date.now()
		const timer = window.setInterval(() => {
			const ms = Date.now() - started
			setElapsed(ms)
			if (ms >= MAX_RECORDING_MS) stopRef.current()
		}, 250)
		return () => window.clearInterval(timer)
	}, [state])

	async function start() {
		setState('starting')
		try {
			recorder.current = await startWavRecorder()
			setElapsed(0)
			setState('recording')
		} catch {
			setState('idle')
			toast.error(t('audio.micError.title'), { description: t('audio.micError.message') })
		}
	}

	function stop() {
		const active = recorder.current
		recorder.current = null
		setState('idle')
		if (!active) return
		const result = active.stop()
		setRecording(result)
		onChangeRef.current(result.file)
	}

	function togglePlay() {
		if (playing) {
			stopPlayback.current?.()
			stopPlayback.current = null
			setPlaying(false)
			return
		}
		if (!recording) return
		setPlaying(true)
		stopPlayback.current = playSamples(recording.samples, undefined, () => {
			stopPlayback.current = null
			setPlaying(false)
		})
	}

	function discard() {
		stopPlayback.current?.()
		stopPlayback.current = null
		setPlaying(false)
		setRecording(null)
		onChange(null)
	}

	return (
		<Flex direction="column" gap="2" data-testid="audio-recorder">
			<Text size="2" weight="medium">
				{t('audio.label')}
			</Text>
			<Flex gap="2" align="center" wrap="wrap">
				{state === 'recording' ? (
					<Button type="button" color="red" onClick={stop}>
						<Square size={14} aria-hidden /> {t('audio.stop')}
					</Button>
				) : (
					<Button type="button" variant="soft" onClick={() => void start()} loading={state === 'starting'}>
						<Mic size={16} aria-hidden /> {audio ? t('audio.again') : t('audio.start')}
					</Button>
				)}
				{state === 'recording' ? (
					<Text size="2" color="red" role="timer" aria-live="off" data-testid="recording-timer">
						● {t('audio.recording')} {clock(elapsed)}
					</Text>
				) : null}
				{audio && state !== 'recording' ? (
					<>
						<Text size="2" data-testid="recorded-audio">
							{t('audio.recorded', { duration: clock(recording?.durationMs ?? wavDurationMs(audio)) })}
						</Text>
						{recording ? (
							<Button type="button" size="1" variant="soft" onClick={togglePlay}>
								{playing ? <Square size={12} aria-hidden /> : <Play size={12} aria-hidden />} {playing ? t('audio.stopPlay') : t('audio.play')}
							</Button>
						) : null}
						<Button type="button" size="1" variant="ghost" color="gray" onClick={discard}>
							<X size={12} aria-hidden /> {t('audio.discard')}
						</Button>
					</>
				) : null}
			</Flex>
			<Text size="1" color="gray">
				{t('audio.hint')}
			</Text>
		</Flex>
	)
}
