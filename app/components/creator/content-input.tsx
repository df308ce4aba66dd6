import { Button, Link as RadixLink, TextArea, TextField } from '@radix-ui/themes'
import { Card, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { ArrowLeft, ArrowRight, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { AUDIO_ACCEPT, DOCUMENT_ACCEPT, IMAGE_ACCEPT, NOTES_MAX, PASTED_MAX, PROMPT_MAX, type MediaKind } from '#modules/media/kinds.ts'
import type { GenerationErrorCode } from '#modules/generation/outcome.ts'
import { AudioRecorder } from './audio-recorder.tsx'
import { RECORDING_NAME } from './wav-recorder.ts'
import { documentProblem } from './document-check.ts'
import { FileField } from './file-field.tsx'
import type { ArticleData, CreatorFiles, CreatorInputs } from './types.ts'
import { checkAudio, checkDocument, checkImage, validateContent } from './validation.ts'
import '#locales/ns/creator.ts'
import '#locales/ns/generation.ts'

type Props = {
	kind: MediaKind
	inputs: CreatorInputs
	files: CreatorFiles
	article: ArticleData | null
	onInputs: (patch: Partial<CreatorInputs>) => void
	/** Reading the video or article failed: a field for its text is shown. */
	pasteOffered?: boolean
	onFiles: (patch: Partial<CreatorFiles>) => void
	/** The model test's image taken over by its key (ADR 0068), shown instead of a picked file; removable. */
	modelTestImage?: { url: string; onRemove: () => void } | null
	onRemoveArticle: () => void
	onBack: () => void
	onNext: () => void
}

/** Step 2: what the posts are made from, checked here (inline) before going on. */
export function ContentInput({ kind, inputs, files, article, onInputs, pasteOffered, onFiles, modelTestImage, onRemoveArticle, onBack, onNext }: Props) {
	const { t } = useTranslation('creator')
	const { t: tg } = useTranslation('generation')
	const [error, setError] = useState<GenerationErrorCode | null>(null)
	const ids = { url: useId(), prompt: useId(), notes: useId(), pasted: useId() }
	// One audio at a time: a recording shows in the recorder, an uploaded file in its field.
	const recorded = files.audio?.name === RECORDING_NAME

	// Shown inline under the fields only (a toast with the same text would say it twice).
	function report(code: GenerationErrorCode) {
		setError(code)
	}
	function input(patch: Partial<CreatorInputs>) {
		setError(null)
		onInputs(patch)
	}
	function pick(field: 'image' | 'audio', file: File) {
		const problem = field === 'audio' ? checkAudio(file) : checkImage(file)
		if (problem) {
			report(problem)
			return false
		}
		setError(null)
		onFiles({ [field]: file })
		return true
	}
	// A document is read on the server as the generation will read it, so a damaged file is refused
	// here with its message, not two steps later. Only the latest pick counts.
	const checking = useRef<File | null>(null)
	const [checkingName, setCheckingName] = useState<string | null>(null)
	async function pickDocument(file: File) {
		const problem = checkDocument(file)
		if (problem) {
			report(problem)
			return false
		}
		setError(null)
		checking.current = file
		setCheckingName(file.name)
		const unreadable = await documentProblem(file)
		if (checking.current !== file) return false
		checking.current = null
		setCheckingName(null)
		if (unreadable) {
			report(unreadable)
			return false
		}
		onFiles({ document: file })
		return true
	}
	function next() {
		const problem = validateContent(kind, inputs, files, article)
		if (problem) return report(problem)
		onNext()
	}

	const imageField = (
		<>
			<FileField
				label={t('input.image')}
				hint={t('input.imageHint')}
				accept={IMAGE_ACCEPT}
				file={files.image}
				onPick={(file) => pick('image', file)}
				onRemove={() => onFiles({ image: null })}
				preview={files.image ? <ImageThumb file={files.image} /> : null}
			/>
			{modelTestImage && !files.image ? (
				<Flex gap="2" align="center" wrap="wrap" data-testid="model-test-image">
					<img src={modelTestImage.url} alt="" style={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 6 }} />
					<Text size="2">{t('input.modelTestImage')}</Text>
					<Button type="button" size="1" variant="ghost" color="gray" onClick={modelTestImage.onRemove}>
						<X size={14} aria-hidden /> {t('input.removeFile')}
					</Button>
				</Flex>
			) : null}
		</>
	)

	return (
		<Card size="3">
			<form
				noValidate
				onSubmit={(event) => {
					event.preventDefault()
					next()
				}}
			>
				<Flex direction="column" gap="4">
					<Heading as="h3" size="5">
						{t(`media.kinds.${kind}.title`)}
					</Heading>

					{kind === 'youtube' || kind === 'web-article' ? (
						<Flex direction="column" gap="1">
							{kind === 'web-article' && article ? <ArticleCard article={article} onRemove={onRemoveArticle} /> : null}
							<Text as="label" htmlFor={ids.url} size="2" weight="medium">
								{kind === 'youtube' ? t('input.youtubeUrl') : article ? t('input.webUrlOptional') : t('input.webUrl')}
							</Text>
							<TextField.Root
								id={ids.url}
								type="url"
								inputMode="url"
								value={inputs.url}
								maxLength={2048}
								placeholder={kind === 'youtube' ? t('input.youtubePlaceholder') : t('input.webPlaceholder')}
								onChange={(e) => input({ url: e.currentTarget.value })}
								aria-invalid={error === 'url_required' || error === 'youtube_invalid' || error === 'web_url_required' || error === 'web_url_invalid'}
							/>
							{pasteOffered || inputs.pasted ? (
								<Flex direction="column" gap="1" mt="3" data-testid="paste-field">
									<Text as="label" htmlFor={ids.pasted} size="2" weight="medium">
										{kind === 'youtube' ? t('paste.labelVideo') : t('paste.labelArticle')}
									</Text>
									<TextArea id={ids.pasted} value={inputs.pasted} maxLength={PASTED_MAX} rows={8} placeholder={t('paste.placeholder')} onChange={(e) => input({ pasted: e.currentTarget.value })} />
									<Text size="1" color="gray">
										{t('paste.hint')}
									</Text>
								</Flex>
							) : null}
						</Flex>
					) : null}

					{kind === 'smart-post' || kind === 'image-prompt' ? (
						<Flex direction="column" gap="1">
							<Text as="label" htmlFor={ids.prompt} size="2" weight="medium">
								{kind === 'smart-post' ? t('input.prompt') : t('input.imagePrompt')}
							</Text>
							<TextArea
								id={ids.prompt}
								value={inputs.prompt}
								maxLength={PROMPT_MAX}
								rows={6}
								resize="vertical"
								placeholder={kind === 'smart-post' ? t('input.promptPlaceholder') : t('input.imagePromptPlaceholder')}
								onChange={(e) => input({ prompt: e.currentTarget.value })}
							/>
						</Flex>
					) : null}

					{kind === 'image-prompt' ? imageField : null}

					{kind === 'pdf-notes' ? (
						<>
							<FileField
								label={t('input.document')}
								hint={t('input.documentHint')}
								accept={DOCUMENT_ACCEPT}
								file={files.document}
								onPick={pickDocument}
								onRemove={() => onFiles({ document: null })}
							/>
							<Flex direction="column" gap="1">
								<Text as="label" htmlFor={ids.notes} size="2" weight="medium">
									{t('input.notes')}
								</Text>
								<TextArea
									id={ids.notes}
									value={inputs.notes}
									maxLength={NOTES_MAX}
									rows={8}
									resize="vertical"
									placeholder={t('input.notesPlaceholder')}
									onChange={(e) => input({ notes: e.currentTarget.value })}
								/>
							</Flex>
						</>
					) : null}

					{kind === 'audio-image' ? (
						<>
							<AudioRecorder
								audio={recorded ? files.audio : null}
								onChange={(audio) => {
									setError(null)
									onFiles({ audio })
								}}
							/>
							<FileField
								label={t('input.audioFile')}
								hint={t('input.audioFileHint')}
								accept={AUDIO_ACCEPT}
								file={recorded ? null : files.audio}
								onPick={(file) => pick('audio', file)}
								onRemove={() => onFiles({ audio: null })}
							/>
							{imageField}
						</>
					) : null}

					{checkingName ? (
						<Text size="2" color="gray" role="status" data-testid="document-checking">
							{t('input.documentChecking', { name: checkingName })}
						</Text>
					) : null}
					{error ? (
						<Text size="2" color="red" role="alert" data-testid="input-error">
							<strong>{tg(`errors.${error}.title`)}:</strong> <span data-testid="input-error-message">{tg(`errors.${error}.message`)}</span>
						</Text>
					) : null}

					<Flex justify="between" gap="3">
						<Button type="button" variant="soft" color="gray" onClick={onBack}>
							<ArrowLeft size={16} aria-hidden /> {t('back')}
						</Button>
						<Button type="submit" disabled={checkingName !== null}>
							{t('next')} <ArrowRight size={16} aria-hidden />
						</Button>
					</Flex>
				</Flex>
			</form>
		</Card>
	)
}

function ArticleCard({ article, onRemove }: { article: ArticleData; onRemove: () => void }) {
	const { t } = useTranslation('creator')
	return (
		<Card variant="surface" mb="2" data-testid="article-card">
			<Flex justify="between" gap="3" align="start">
				<Flex direction="column" gap="1">
					<Text size="1" color="gray">
						{t('input.article.heading')}
					</Text>
					<Text weight="bold">{article.title}</Text>
					<Text size="1" color="gray">
						{[article.source ? t('input.article.source', { source: article.source }) : null, article.published_date ? t('input.article.published', { date: formatDate(article.published_date) }) : null]
							.filter(Boolean)
							.join(' · ')}
					</Text>
					{article.url && /^https?:\/\//.test(article.url) ? (
						<RadixLink href={article.url} target="_blank" rel="noopener noreferrer" size="1">
							{t('input.article.open')}
						</RadixLink>
					) : null}
				</Flex>
				<Button type="button" size="1" variant="ghost" color="gray" onClick={onRemove}>
					<X size={14} aria-hidden /> {t('input.article.remove')}
				</Button>
			</Flex>
		</Card>
	)
}

function formatDate(value: string) {
	const date = new Date(value)
	return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('de-CH', { day: '2-digit', month: '2-digit', year: 'numeric' })
}

function ImageThumb({ file }: { file: File }) {
	const img = useRef<HTMLImageElement>(null)
	useEffect(() => {
		const url = URL.createObjectURL(file)
		if (img.current) img.current.src = url
		return () => URL.revokeObjectURL(url)
	}, [file])
	return <img ref={img} alt="" style={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 6 }} />
}
