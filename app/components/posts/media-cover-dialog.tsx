import { Button, Callout, Dialog, Flex, Text, TextField } from '@radix-ui/themes'
import { AlertTriangle } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { LabelledSlider } from '#app/components/labelled-slider.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { chooseVideoCover, coverSeconds, parseSeconds } from './media-cover.ts'
import '#locales/ns/postMedia.ts'

type Props = {
	/** The uploaded video's key (POST /api/media/<key>/cover). */
	videoKey: string
	/** The publishable variant, served from /media with ranges (the browser seeks in it). */
	videoUrl: string
	durationMs: number
	coverAtMs: number | null
	onClose: () => void
	onChosen: () => void
}

/** 'Titelbild wählen' (ADR 0063): the video, a slider and a field in seconds, 'Erstes Bild verwenden', 'Übernehmen'. */
export function MediaCoverDialog({ videoKey, videoUrl, durationMs, coverAtMs, onClose, onChosen }: Props) {
	const { t } = useTranslation('postMedia')
	const sliderLabel = useId()
	const fieldId = useId()
	const video = useRef<HTMLVideoElement>(null)
	const [requestId] = useState(() => crypto.randomUUID())
	const [field, setField] = useState(() => coverSeconds(coverAtMs ?? 0))
	const [sending, setSending] = useState(false)
	const [error, setError] = useState<string | null>(null)
	const durationSeconds = durationMs / 1000
	const seconds = parseSeconds(field)
	const beyond = seconds !== null && seconds * 1000 > durationMs
	const fieldError = seconds === null ? t('video.coverInvalid') : beyond ? t('video.coverBeyond', { duration: coverSeconds(durationMs) }) : null

	function show(next: number) {
		const clamped = Math.min(Math.max(0, next), durationSeconds)
		setField(coverSeconds(Math.round(clamped * 1000)))
		if (video.current) video.current.currentTime = clamped
	}

	async function apply() {
		if (seconds === null || beyond) return
		setSending(true)
		setError(null)
		const outcome = await chooseVideoCover(videoKey, { requestId, atMs: Math.round(seconds * 1000) })
		setSending(false)
		if (outcome.ok) onChosen()
		else setError(outcome.message ?? t('video.coverNetwork'))
	}

	return (
		<Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
			<Dialog.Content maxWidth="480px">
				<Dialog.Title>{t('video.coverTitle')}</Dialog.Title>
				<Dialog.Description size="2" color="gray" mb="3">
					{t('video.coverDescription')}
				</Dialog.Description>
				<Flex direction="column" gap="3">
					<video ref={video} src={videoUrl} muted playsInline preload="metadata" controls={false} style={{ width: '100%', maxHeight: 320, background: 'black', borderRadius: 'var(--radius-2)' }} data-testid="cover-video" />
					<Text id={sliderLabel} size="2">
						{t('video.coverSlider')}
					</Text>
					<LabelledSlider value={Math.min(seconds ?? 0, durationSeconds)} min={0} max={durationSeconds} step={0.1} labelledBy={sliderLabel} onValueChange={show} />
					<Flex align="center" gap="2" wrap="wrap">
						<Text as="label" size="2" htmlFor={fieldId}>
							{t('video.coverTime')}
						</Text>
						<TextField.Root
							id={fieldId}
							inputMode="decimal"
							value={field}
							style={{ width: 96 }}
							aria-invalid={fieldError ? true : undefined}
							onChange={(e) => {
								const next = e.currentTarget.value
								setField(next)
								const parsed = parseSeconds(next)
								if (parsed !== null && parsed <= durationSeconds && video.current) video.current.currentTime = parsed
							}}
						/>
						<Text size="2" color="gray">
							{t('video.coverOf', { duration: coverSeconds(durationMs) })}
						</Text>
					</Flex>
					{fieldError ? (
						<Text size="1" color="red" role="alert">
							{fieldError}
						</Text>
					) : null}
					<Button type="button" variant="soft" color="gray" style={{ alignSelf: 'flex-start' }} onClick={() => show(0)}>
						{t('video.firstFrame')}
					</Button>
					{error ? (
						<Callout.Root color="red" role="alert" size="1">
							<Callout.Icon>
								<AlertTriangle size={14} />
							</Callout.Icon>
							<Callout.Text>{error}</Callout.Text>
						</Callout.Root>
					) : null}
				</Flex>
				<Flex gap="2" justify="end" mt="4" wrap="wrap">
					<Dialog.Close>
						<Button type="button" variant="soft" color="gray">
							{t('video.cancel')}
						</Button>
					</Dialog.Close>
					<Button type="button" loading={sending} disabled={fieldError !== null} onClick={() => void apply()}>
						{t('video.apply')}
					</Button>
				</Flex>
			</Dialog.Content>
		</Dialog.Root>
	)
}
