import { Badge, Button, Callout, Card, Flex, Grid, Heading, Link as RadixLink, Text, TextArea } from '@radix-ui/themes'
import { ArrowLeft, CircleExclamationPoint, Coins, Sparkles } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { FileButton } from '#app/components/ui/file-button.tsx'
import { Link } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import { AgentSelect, NO_AGENT } from '#app/components/agent-select.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { defaultVideoSettings, sharedVideoOptions, testCost, type ModelCategory, type VideoSettings as Settings } from '#modules/catalog/costs.ts'
import type { GalleryModel } from '#modules/catalog/index.ts'
import { IMAGE_MAX_BYTES, MB, PROMPT_MAX } from '#modules/media/kinds.ts'
import { CreditBalanceCard } from './credit-balance-card.tsx'
import { formatCredits } from './format.ts'
import { TestResultCard } from './test-result-card.tsx'
import { useModelTestRun } from './use-model-test-run.ts'
import { VideoSettings } from './video-settings.tsx'
import { VideoProOnly } from './video-pro-only.tsx'
import '#locales/ns/catalog.ts'

export type TestAgent = { id: string; name: string; avatar: string; isDefault: boolean }

type Props = { mode: 'single' | 'compare'; category: ModelCategory; models: Array<GalleryModel>; agents: Array<TestAgent>; balance: number; videoAllowed: boolean }

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp']
const VIDEO_TYPES = ['video/mp4', 'video/webm']
const VIDEO_MAX_BYTES = 50 * MB

/** /model-test: one model or a comparison with the same prompt, charged on the server. */
export function ModelTestPage({ mode, category, models, agents, balance, videoAllowed }: Props) {
	const { t } = useTranslation('catalog')
	const promptId = useId()
	const fileId = useId()
	const fileInput = useRef<HTMLInputElement>(null)
	const [prompt, setPrompt] = useState('')
	const [agent, setAgent] = useState(() => agents.find((a) => a.isDefault)?.id ?? NO_AGENT)
	const [file, setFile] = useState<File | null>(null)
	const options = sharedVideoOptions(models)
	const [video, setVideo] = useState<Settings | null>(() => (category === 'video' ? defaultVideoSettings(options) : null))
	const run = useModelTestRun()

	const noOptions = category === 'video' && !video
	const proOnly = category === 'video' && !videoAllowed
	const cost = testCost(models, category, video)
	const insufficient = !noOptions && balance < cost.total
	const busy = run.submitting || run.running
	const allowsVideo = category === 'video'

	function pick(picked: File | undefined) {
		if (!picked) return setFile(null)
		const isVideo = VIDEO_TYPES.includes(picked.type)
		if (!(IMAGE_TYPES.includes(picked.type) || (allowsVideo && isVideo))) {
			toast.error(t('test.failedTitle'), { description: t('test.fileType') })
			if (fileInput.current) fileInput.current.value = ''
			return setFile(null)
		}
		if (picked.size > (isVideo ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES)) {
			toast.error(t('test.failedTitle'), { description: t('test.fileTooLarge') })
			if (fileInput.current) fileInput.current.value = ''
			return setFile(null)
		}
		setFile(picked)
	}

	function generate(event: React.FormEvent) {
		event.preventDefault()
		if (!prompt.trim()) {
			toast.error(t('test.promptRequiredTitle'), { description: t('test.promptRequired') })
			return
		}
		if (models.length === 0) {
			toast.error(t('test.noModelSelected'))
			return
		}
		if (proOnly) {
			toast.error(t('test.videoRequiresProTitle'), { description: t('test.videoRequiresPro') })
			return
		}
		if (insufficient) {
			toast.error(t('test.insufficientTitle'), { description: insufficientText() })
			return
		}
		const form = new FormData()
		form.set('models', models.map((m) => m.modelId).join(','))
		form.set('category', category)
		form.set('prompt', prompt)
		form.set('agentId', agent === NO_AGENT ? '' : agent)
		if (video) {
			form.set('aspectRatio', video.aspectRatio)
			form.set('resolution', video.resolution)
			form.set('durationSeconds', String(video.durationSeconds))
		}
		if (file) form.set('reference', file)
		void run.submit(form)
	}

	/** '3 Credits (2,5 aufgerundet)' when a video cost is rounded up to whole credits. */
	function costText(charged: number, exact: number) {
		return charged === exact ? t('test.costValue', { count: charged }) : t('test.costRounded', { count: charged, exact: formatCredits(exact) })
	}

	function insufficientText() {
		return mode === 'compare' && models.length > 1 ? t('test.insufficientAll', { count: cost.total }) : t('test.insufficientSingle', { count: cost.total })
	}

	return (
		<Flex direction="column" gap="4">
			<PageHeader title={mode === 'compare' ? t('test.titleCompare') : t('test.titleSingle')} subtitle={mode === 'compare' ? t('test.subtitleCompare') : t('test.subtitleSingle')}>
				<Button asChild variant="soft" color="gray">
					<Link to={`/test-models?tab=${category}`}>
						<ArrowLeft size={16} aria-hidden />
						{t('test.back')}
					</Link>
				</Button>
			</PageHeader>
			<CreditBalanceCard balance={balance} />

			{models.length === 0 ? (
				<Callout.Root color="red" role="alert">
					<Callout.Icon>
						<CircleExclamationPoint size={16} />
					</Callout.Icon>
					<Callout.Text>
						{t('test.noModelSelected')}{' '}
						<RadixLink asChild>
							<Link to="/test-models">{t('test.back')}</Link>
						</RadixLink>
					</Callout.Text>
				</Callout.Root>
			) : (
				<Card size="3" asChild>
					<form onSubmit={generate} noValidate>
						<Flex direction="column" gap="4">
							<Flex direction="column" gap="2">
								<Text size="2" weight="medium">
									{t('test.models')}
								</Text>
								<Flex gap="2" wrap="wrap" data-testid="selected-models">
									{models.map((model) => (
										<Badge key={model.modelId} size="2" variant="soft">
											{model.name}
											{model.testMode ? ` · ${t('gallery.testMode')}` : ''}
										</Badge>
									))}
								</Flex>
							</Flex>

							<Flex direction="column" gap="1">
								<Text as="label" htmlFor={promptId} size="2" weight="medium">
									{t('test.prompt')}
								</Text>
								<TextArea
									id={promptId}
									value={prompt}
									onChange={(event) => setPrompt(event.currentTarget.value)}
									placeholder={t(category === 'language' ? 'test.promptPlaceholderLanguage' : category === 'image' ? 'test.promptPlaceholderImage' : 'test.promptPlaceholderVideo')}
									maxLength={PROMPT_MAX}
									rows={4}
									disabled={busy}
									required
								/>
							</Flex>

							<Grid columns={{ initial: '1', sm: '2' }} gap="4">
								<AgentSelect
									agents={agents}
									value={agent}
									onChange={setAgent}
									disabled={busy}
									label={t('test.agent')}
									hint={t('test.agentHint')}
									noneLabel={t('test.noAgent')}
									defaultName={(name) => t('test.defaultAgent', { name })}
									avatarSize={8}
								/>
								<Flex direction="column" gap="1">
									<Text as="label" htmlFor={fileId} size="2" weight="medium">
										{models.some((m) => m.referenceImageRequired) ? t('test.referenceRequired') : allowsVideo ? t('test.referenceVideo') : t('test.reference')}
									</Text>
									<FileButton
										ref={fileInput}
										id={fileId}
										accept={[...IMAGE_TYPES, ...(allowsVideo ? VIDEO_TYPES : [])].join(',')}
										fileName={file?.name ?? null}
										onChange={(event) => pick(event.currentTarget.files?.[0])}
										disabled={busy}
									/>
									<Text size="1" color="gray">
										{allowsVideo ? t('test.referenceHintVideo') : t('test.referenceHint')}
									</Text>
								</Flex>
							</Grid>

							{category === 'video' ? <VideoSettings options={options} value={video} onChange={setVideo} disabled={busy} /> : null}

							<Flex direction="column" gap="2" pt="2" style={{ borderTop: '1px solid var(--gray-5)' }}>
								<Flex justify="between" align="center" gap="3" wrap="wrap">
									<Flex gap="2" align="center">
										<Coins size={16} aria-hidden />
										<Text weight="medium">{t('test.cost')}</Text>
										{noOptions ? (
											<Text weight="bold" color="gray" data-testid="test-cost" data-cost="">
												{t('test.noCost')}
											</Text>
										) : (
											<Text weight="bold" data-testid="test-cost" data-cost={cost.total}>
												{costText(cost.total, cost.exactTotal)}
											</Text>
										)}
									</Flex>
									<Text size="2" color="gray">
										{t('test.balance', { count: balance })}
									</Text>
								</Flex>
								{models.length > 1 && !noOptions ? (
									<Flex gap="3" wrap="wrap">
										{models.map((model, index) => (
											<Text key={model.modelId} size="1" color="gray">
												{t('test.costPerModel', { name: model.name, credits: costText(cost.perModel[index] ?? 0, cost.exact[index] ?? 0) })}
											</Text>
										))}
									</Flex>
								) : null}
								{proOnly ? (
									<VideoProOnly alert />
								) : null}
								{insufficient ? (
									<Callout.Root color="red" role="alert" data-testid="insufficient-credits">
										<Callout.Icon>
											<CircleExclamationPoint size={16} />
										</Callout.Icon>
										<Callout.Text>
											<strong>{t('test.insufficientTitle')}</strong> {insufficientText()}{' '}
											<RadixLink asChild weight="medium">
												<Link to="/pricing">{t('test.pricing')}</Link>
											</RadixLink>
										</Callout.Text>
									</Callout.Root>
								) : null}
								<Flex justify="end">
									<Button type="submit" size="3" disabled={insufficient || noOptions || proOnly || busy} loading={busy}>
										<Sparkles size={16} aria-hidden />
										{mode === 'compare' && models.length > 1 ? t('test.generateCompare') : t('test.generate')}
									</Button>
								</Flex>
							</Flex>
						</Flex>
					</form>
				</Card>
			)}

			{run.tests.length > 0 ? (
				<Flex direction="column" gap="3">
					<Heading as="h2" size="5">
						{t('test.results')}
					</Heading>
					<Grid columns={{ initial: '1', md: run.tests.length > 1 ? '2' : '1' }} gap="4">
						{run.tests.map((test) => (
							<TestResultCard key={test.id} test={test} prompt={run.prompt} />
						))}
					</Grid>
				</Flex>
			) : null}
		</Flex>
	)
}
