import { Button, Callout } from '@radix-ui/themes'
import type { ChannelView } from '#modules/publishing/index.ts'
import { Badge, Flex } from '#app/components/ui/lean.tsx'
import { Coins, Info, RotateCcw } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useLocation, useNavigate, useRouteLoaderData, useSearchParams } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { ScheduleDialog, type ScheduleTarget } from '#app/components/schedule/lazy-schedule-dialog.tsx'
import { titleFromText } from '#modules/content/post-content.ts'
import { generationCost } from '#modules/generation/costs.ts'
import type { CreatorAgent, CreatorModel } from '#modules/generation/index.ts'
import type { MediaKind } from '#modules/media/kinds.ts'
import { ContentInput } from './content-input.tsx'
import { LowCreditDialog } from './credit-notices.tsx'
import { contentFields } from './fields.ts'
import { MediaSelection } from './media-selection.tsx'
import { PlatformSelection } from './platform-selection.tsx'
import { brandChannels, networksOf, targetView } from './channel-choice.ts'
import type { TargetChoice } from './targets.tsx'
import { Preview } from './preview.tsx'
import { clientStart, serverStart, withAgent, type OpenedContent } from './start.ts'
import { StepIndicator } from './step-indicator.tsx'
import { clearCreatorState, firstWelcomeThisSession, writeCreatorState } from './storage.ts'
import { initialCreatorState, isAppImagePath, previousStep, type CreatorFiles, type CreatorState } from './types.ts'
import { useGeneration } from './use-generation.ts'
import { usePreviewActions } from './use-preview-actions.ts'
import { EmptyTextConfirm } from '#app/components/posts/empty-text-confirm.tsx'
import { PublishRefusalDialog } from '#app/components/posts/publish-refusal-dialog.tsx'
import { withChannelText } from '#app/components/posts/channel-texts.tsx'
import { usesOwnImage } from './validation.ts'
import { usePlatforms } from '#app/utils/use-platforms.ts'
import './creator.css'
import '#locales/ns/creator.ts'

export type CreatorData = {
	balance: number
	agents: Array<CreatorAgent>
	noAgent: { text: CreatorModel; image: CreatorModel }
	regenerationCost: number
}

/**
 * `pages`: the user's channels (the channel step lists those of `brandId`; the preview shows what
 * stands in the way of each network).
 */
type Props = { creator: CreatorData; timeZone: string; opened: OpenedContent | null; notFound: boolean; pages: Array<ChannelView>; brandId: string | null }

const NO_FILES: CreatorFiles = { document: null, image: null, audio: null }
const MODEL_TEST_PARAMS = ['fromModelTest', 'imageUrl', 'videoUrl', 'prompt', 'modelName']

/**
 * The post creator. The server renders what the loader knows; once hydrated the creator starts
 * again from the browser's side (navigation state, query, stored state) in a fresh instance.
 */
export function CreatorPage(props: Props) {
	const hydrated = useHydrated()
	return <CreatorFlow key={`${hydrated ? 'client' : 'server'}-${props.opened?.editing.id ?? 'new'}`} hydrated={hydrated} {...props} />
}

/** The name of a brand when the user has several (the layout's switcher list). */
function useBrandName(brandId: string | null) {
	const shell = useRouteLoaderData<{ shell?: { brands: { list: Array<{ id: string; name: string }> } } }>('routes/app/layout')?.shell
	const list = shell?.brands.list ?? []
	return list.length > 1 ? (list.find((b) => b.id === brandId)?.name ?? null) : null
}

function CreatorFlow({ hydrated, creator, timeZone, opened, notFound, pages, brandId }: Props & { hydrated: boolean }) {
	const { t } = useTranslation('creator')
	const location = useLocation()
	const [search] = useSearchParams()
	const navigate = useNavigate()
	const platforms = usePlatforms()
	const platformIds = platforms.map((p) => p.id)
	// The channel step's channels: the brand's (an opened draft's or post's brand, else the switcher's).
	const listed = useMemo(() => brandChannels(pages, brandId, platforms.map((p) => p.id)), [pages, brandId, platforms])
	const brandName = useBrandName(brandId)
	const [start] = useState(() =>
		hydrated ? clientStart({ opened, locationState: location.state, search, origin: window.location.origin, agents: creator.agents, platforms: platformIds }) : serverStart(opened, creator.agents),
	)
	const [raw, setState] = useState<CreatorState>(() => targetView(start.state, listed))
	const state = useMemo(() => targetView(raw, listed), [raw, listed])
	const [files, setFiles] = useState<CreatorFiles>(NO_FILES)
	const [scheduling, setScheduling] = useState<ScheduleTarget | null>(null)
	// The video or article could not be read: the input step offers a field for its text.
	const [pasteOffered, setPasteOffered] = useState(false)
	const update = useCallback((patch: Partial<CreatorState>) => setState((s) => ({ ...s, ...patch })), [])

	const agent = creator.agents.find((a) => a.id === state.agentId)
	const models = agent ? { text: agent.text, image: agent.image } : creator.noAgent
	// A model test's image or video is the post's media: no image is generated or charged (ADR 0068).
	const ownImage = usesOwnImage(state.selectedMedia, files) || state.modelTestMedia !== null
	const cost = generationCost({ descriptors: platforms, platforms: state.selectedPlatforms, textModelCost: models.text.cost, imageModelCost: models.image.cost, withImages: !ownImage })

	const generation = useGeneration({
		state,
		files,
		balance: creator.balance,
		cost: cost.total,
		onSuccess: (result) =>
			setState((current) => {
				const s = targetView(current, listed)
				return {
					...s,
					currentStep: 'preview',
					content: Object.fromEntries(s.selectedPlatforms.map((p) => [p, result.texts[p] ?? ''])),
					// New texts: the channels' own texts were written for the old ones.
					channelTexts: {},
					generatedImages: Object.fromEntries(s.selectedPlatforms.flatMap((p) => (isAppImagePath(result.images[p]) ? [[p, result.images[p]]] : []))),
					generationId: Object.values(result.texts).some(Boolean) ? result.generationId : null,
				}
			}),
	})

	// Entry points are applied once: their toast, then the navigation state and query are dropped.
	const started = useRef(false)
	useEffect(() => {
		if (!hydrated || started.current) return
		started.current = true
		const notice = start.notice
		if (notice?.kind === 'welcome' && firstWelcomeThisSession()) toast.success(t('toasts.welcomeBack'), { description: t('toasts.welcomeBackText') })
		if (notice?.kind === 'model-test-rejected') toast.error(t('toasts.modelTestRejected'), { description: t('toasts.modelTestRejectedText') })
		if (notice?.kind === 'model-test') {
			const video = start.state.modelTestMedia?.kind === 'video'
			const next = t(video ? 'toasts.modelTestVideoNext' : 'toasts.modelTestNext')
			toast.success(t(video ? 'toasts.modelTestVideo' : 'toasts.modelTest'), { description: [notice.modelName ? t('toasts.modelTestText', { model: notice.modelName }) : '', next].filter(Boolean).join(' ') })
		}
		if (start.clearEntry.state || start.clearEntry.query) {
			const params = new URLSearchParams(location.search)
			if (start.clearEntry.query) for (const name of MODEL_TEST_PARAMS) params.delete(name)
			const query = params.toString()
			void navigate({ pathname: location.pathname, search: query ? `?${query}` : '' }, { replace: true, state: null, preventScrollReset: true })
		}
	}, [hydrated, start, t, navigate, location.pathname, location.search])

	const actions = usePreviewActions({ state, setState, balance: creator.balance, regenerationCost: creator.regenerationCost, onInsufficient: generation.showInsufficient })
	const busy = actions.busy

	// Not while generating: a reload then would restore a half-finished step.
	useEffect(() => {
		if (hydrated && !actions.finished && !generation.generating) writeCreatorState(raw)
	}, [raw, hydrated, actions.finished, generation.generating])

	function startOver() {
		clearCreatorState()
		setFiles(NO_FILES)
		setState(withAgent(initialCreatorState(), creator.agents))
		if (search.has('draft') || search.has('post')) void navigate(location.pathname, { replace: true })
	}

	function selectMedia(kind: MediaKind) {
		// A YouTube link is no article address and the other way round: the URL belongs to its kind.
		// Another kind of input: the model test's image or video is no longer what the post is made from.
		setState((s) => ({ ...s, selectedMedia: kind, currentStep: 'content-input', inputs: s.selectedMedia === kind ? s.inputs : { ...s.inputs, url: '' }, modelTestMedia: s.selectedMedia === kind ? s.modelTestMedia : null }))
	}

	function removeContent() {
		if (!window.confirm(t('preview.confirmDelete'))) return
		update({ content: {}, channelTexts: {}, firstComments: {}, generatedImages: {}, generationId: null, currentStep: 'platform-selection' })
		toast.success(t('toasts.deleted'))
	}

	const target: TargetChoice = {
		channels: listed,
		channelIds: state.selectedChannels,
		onChannels: (ids) => update({ selectedChannels: ids, selectedPlatforms: networksOf(listed, ids) }),
		locked: state.editing?.kind === 'post',
		brandName,
		otherBrands: listed.length === 0 && pages.length > 0,
	}
	// The preview names the chosen channels of each network (without any: its default channel's state).
	const chosenPages = state.selectedChannels.length ? listed.filter((c) => state.selectedChannels.includes(c.id)) : null

	const firstText = state.content[state.selectedPlatforms[0]!] ?? ''
	const step = state.currentStep === 'content-input' && !state.selectedMedia ? 'media-selection' : state.currentStep

	return (
		<Flex direction="column" gap="4">
			<PageHeader title={t('title')} subtitle={t('subtitle')}>
				<Flex gap="3" align="center">
					<Badge size="2" variant="soft" color={creator.balance <= 10 ? 'amber' : 'gray'} data-testid="credit-balance" data-balance={creator.balance}>
						<Coins size={14} aria-hidden /> {t('balance', { count: creator.balance })}
					</Badge>
					<Button type="button" variant="soft" color="gray" onClick={startOver} disabled={generation.generating || busy}>
						<RotateCcw size={16} aria-hidden /> {t('startOver')}
					</Button>
				</Flex>
			</PageHeader>
			{notFound ? (
				<Callout.Root color="amber" role="alert">
					<Callout.Icon>
						<Info size={16} />
					</Callout.Icon>
					<Callout.Text>{t('notFound')}</Callout.Text>
				</Callout.Root>
			) : null}
			{state.editing ? (
				<Callout.Root color="blue" size="1">
					<Callout.Icon>
						<Info size={16} />
					</Callout.Icon>
					<Callout.Text>{t(`editing.${state.editing.kind}`)}</Callout.Text>
				</Callout.Root>
			) : null}
			<StepIndicator step={step} />

			{step === 'media-selection' ? <MediaSelection selected={state.selectedMedia} onSelect={selectMedia} /> : null}

			{step === 'content-input' && state.selectedMedia ? (
				<ContentInput
					kind={state.selectedMedia}
					inputs={state.inputs}
					files={files}
					article={state.articleData}
					onInputs={(patch) => setState((s) => ({ ...s, inputs: { ...s.inputs, ...patch } }))}
					pasteOffered={pasteOffered}
					onFiles={(patch) => {
						setFiles((f) => ({ ...f, ...patch }))
						// A picked image replaces the model test's.
						if (patch.image) update({ modelTestMedia: null })
					}}
					modelTestImage={state.modelTestMedia?.kind === 'image' ? { url: state.modelTestMedia.url, onRemove: () => update({ modelTestMedia: null }) } : null}
					onRemoveArticle={() => update({ articleData: null })}
					onBack={() => update({ currentStep: 'media-selection' })}
					onNext={() => update({ currentStep: 'platform-selection' })}
				/>
			) : null}

			{step === 'platform-selection' ? (
				<PlatformSelection
					platforms={state.selectedPlatforms}
					onPlatforms={(selectedPlatforms) => update({ selectedPlatforms })}
					target={target}
					agents={creator.agents}
					agentId={state.agentId}
					onAgent={(agentId) => update({ agentId })}
					cost={cost}
					models={models}
					ownImage={ownImage}
					balance={creator.balance}
					generating={generation.generating}
					step={generation.step}
					insufficient={generation.insufficient}
					error={generation.error}
					onBack={() => update({ currentStep: previousStep('platform-selection') })}
					onPaste={() => {
						setPasteOffered(true)
						update({ currentStep: 'content-input' })
					}}
					onGenerate={generation.request}
				/>
			) : null}

			{step === 'preview' ? (
				<Preview
					platforms={state.selectedPlatforms}
					pages={chosenPages ?? pages}
					chosen={chosenPages !== null}
					content={state.content}
					channelTexts={state.channelTexts}
					firstComments={state.firstComments}
					images={state.generatedImages}
					video={state.modelTestMedia?.kind === 'video' ? state.modelTestMedia.url : null}
					regenerationCost={creator.regenerationCost}
					regenerating={actions.regenerating}
					busy={busy}
					onText={(platform, text) => setState((s) => ({ ...s, content: { ...s.content, [platform]: text } }))}
					onChannelText={(id, text) => setState((s) => ({ ...s, channelTexts: withChannelText(s.channelTexts, id, text) }))}
					onFirstComment={(platform, text) => setState((s) => ({ ...s, firstComments: { ...s.firstComments, [platform]: text } }))}
					onRegenerate={(platform) => void actions.regenerate(platform)}
					onRemoveImage={(platform) => setState((s) => ({ ...s, generatedImages: Object.fromEntries(Object.entries(s.generatedImages).filter(([p]) => p !== platform)) }))}
					onPublish={actions.publish}
					onSchedule={() => setScheduling({ kind: state.editing?.kind ?? 'post', id: state.editing?.id ?? '', scheduledAt: state.editing?.scheduledAt ?? null, title: titleFromText(firstText) ?? t('preview.untitled'), fields: contentFields(state) })}
					onSaveDraft={actions.saveDraft}
					onDelete={removeContent}
					onEdit={() => update({ currentStep: 'platform-selection' })}
				/>
			) : null}

			<LowCreditDialog
				open={generation.lowCreditOpen}
				balance={creator.balance}
				cost={cost.total}
				onLater={generation.continueAfterLowCredit}
				onClose={generation.closeLowCredit}
			/>
			<ScheduleDialog
				key={scheduling ? 'open' : 'closed'}
				target={scheduling}
				timeZone={timeZone}
				action={location.pathname}
				onClose={() => setScheduling(null)}
				onScheduled={actions.scheduled}
			/>
			<EmptyTextConfirm question={actions.confirmEmpty} />
			<PublishRefusalDialog refusal={actions.publishRefusal} />
		</Flex>
	)
}
