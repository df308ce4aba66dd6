import { useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useRevalidator } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import { formatNumber } from '#app/utils/format.ts'
import { newDraftId as newRequestId } from '#app/components/onboarding/draft-text.ts'
import { LOW_CREDIT_THRESHOLD } from '#modules/generation/costs.ts'
import type { GenerationErrorCode, GenerationOutcome, GenerationStep } from '#modules/generation/outcome.ts'
import { streamGeneration } from './generation-client.ts'
import { NO_AGENT, type CreatorFiles, type CreatorState } from './types.ts'
import '#locales/ns/creator.ts'
import '#locales/ns/generation.ts'

type Success = Extract<GenerationOutcome, { ok: true }>

/**
 * 'Bilder generieren & Vorschau': the credit checks (not enough: refused here; 10 or fewer: the
 * low-credit dialog first), then the streamed request and its outcome as toasts.
 */
export function useGeneration({ state, files, balance, cost, onSuccess }: { state: CreatorState; files: CreatorFiles; balance: number; cost: number; onSuccess: (result: Success) => void }) {
	const { t } = useTranslation('creator')
	const { t: tg } = useTranslation('generation')
	const revalidator = useRevalidator()
	const [generating, setGenerating] = useState(false)
	const [step, setStep] = useState<GenerationStep | null>(null)
	const [insufficient, setInsufficient] = useState(false)
	const [error, setError] = useState<{ title: string; message: string; code: GenerationErrorCode } | null>(null)
	const [lowCreditOpen, setLowCreditOpen] = useState(false)
	// A request that got no answer (network) is retried under the same id, so it is charged once.
	const pending = useRef<{ signature: string; requestId: string } | null>(null)

	// Both are shown inline next to the button (InsufficientCredits, the generation error), not as a
	// toast too: the same text twice on one screen.
	function showInsufficient() {
		setInsufficient(true)
	}

	function showError(code: GenerationErrorCode, detail?: string | null) {
		const title = tg(`errors.${code}.title`)
		const message = (code === 'provider_error' || code === 'failed') && detail ? detail : tg(`errors.${code}.message`)
		setError({ title, message, code })
	}

	function request() {
		setError(null)
		setInsufficient(false)
		if (balance < cost) return showInsufficient()
		if (balance <= LOW_CREDIT_THRESHOLD) return setLowCreditOpen(true)
		void send()
	}

	async function send() {
		if (!state.selectedMedia || generating) return
		const fields = {
			kind: state.selectedMedia,
			platforms: state.selectedPlatforms,
			agentId: state.agentId === NO_AGENT ? '' : state.agentId,
			prompt: state.inputs.prompt,
			url: state.inputs.url,
			notes: state.inputs.notes,
			pasted: state.selectedMedia === 'youtube' || state.selectedMedia === 'web-article' ? state.inputs.pasted : '',
			article: state.selectedMedia === 'web-article' && state.articleData ? articleField(state.articleData) : '',
			// The model test's image or video by its key (ADR 0068): the server takes the user's own file.
			generatedMedia: state.modelTestMedia ? state.modelTestMedia.url.slice('/media/'.length) : '',
		}
		const fileList = [files.document, files.image, files.audio].map((f) => (f ? [f.name, f.size, f.lastModified] : null))
		const signature = JSON.stringify({ fields, fileList })
		const requestId = pending.current?.signature === signature ? pending.current.requestId : newRequestId()
		pending.current = { signature, requestId }

		const form = new FormData()
		form.set('requestId', requestId)
		form.set('kind', fields.kind)
		for (const platform of fields.platforms) form.append('platforms', platform)
		form.set('agentId', fields.agentId)
		form.set('prompt', fields.prompt)
		form.set('url', fields.url)
		form.set('notes', fields.notes)
		form.set('pasted', fields.pasted)
		form.set('article', fields.article)
		form.set('generatedMedia', fields.generatedMedia)
		if (state.selectedMedia === 'pdf-notes' && files.document) form.set('document', files.document)
		if ((state.selectedMedia === 'image-prompt' || state.selectedMedia === 'audio-image') && files.image) form.set('image', files.image)
		if (state.selectedMedia === 'audio-image' && files.audio) form.set('audio', files.audio, files.audio.name || 'aufnahme.wav')

		setGenerating(true)
		setStep(null)
		const result = await streamGeneration(form, setStep)
		setGenerating(false)
		setStep(null)
		if (result.kind === 'network') {
			toast.error(t('network.title'), { description: t('network.message') })
			return
		}
		const outcome = result.outcome
		void revalidator.revalidate()
		if (!outcome.ok) {
			// Still running under this id: the next click asks for its result again.
			if (outcome.code !== 'in_progress') pending.current = null
			if (outcome.code === 'insufficient_credits') return showInsufficient()
			return showError(outcome.code, outcome.detail)
		}
		pending.current = null
		if (!outcome.warnings.includes('text_failed')) toast.success(t('toasts.created'))
		for (const warning of outcome.warnings) toast.warning(tg(`warnings.${warning}.title`), { description: tg(`warnings.${warning}.message`) })
		const knowledge = outcome.knowledge
		// Only part of the knowledge base fits a post: say which part was used.
		if (knowledge && knowledge.passages.length < knowledge.totalPassages) {
			const values = { count: knowledge.passages.length, total: knowledge.totalPassages, used: formatNumber(knowledge.usedChars), chars: formatNumber(knowledge.totalChars) }
			toast.info(tg('knowledge.title'), { description: tg(knowledge.matched ? 'knowledge.matched' : 'knowledge.beginning', values) })
		}
		onSuccess(outcome)
	}

	return {
		generating,
		step,
		insufficient,
		error,
		lowCreditOpen,
		request,
		continueAfterLowCredit() {
			setLowCreditOpen(false)
			void send()
		},
		closeLowCredit: () => setLowCreditOpen(false),
		showInsufficient,
	}
}

function articleField(article: NonNullable<CreatorState['articleData']>) {
	return JSON.stringify({ title: article.title, url: article.url, source: article.source, publishedDate: article.published_date, text: article.content ?? '' })
}
