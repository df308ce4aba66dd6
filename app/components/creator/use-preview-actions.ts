import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher, useLocation, useNavigate, useRevalidator } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import { newDraftId as newRequestId } from '#app/components/onboarding/draft-text.ts'
import { usePublishNow } from '#app/components/posts/use-publish-now.ts'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestIds } from '#app/components/use-request-id.ts'
import type { Platform } from '#modules/content/platforms.ts'
import { contentFields, toFormData } from './fields.ts'
import { regenerateImage } from './generation-client.ts'
import { clearCreatorState } from './storage.ts'
import { NO_AGENT, isAppImagePath, type CreatorState } from './types.ts'
import '#locales/ns/creator.ts'
import '#locales/ns/generation.ts'

/** Spec section 9: to 'Meine Posts' 500 ms after saving, 1.5 s after publishing. */
const AFTER_SAVE_MS = 500
const AFTER_PUBLISH_MS = 1500

type SetState = (update: (state: CreatorState) => CreatorState) => void

/**
 * The preview's actions: 'Bild neu generieren', 'Entwurf speichern', 'Jetzt posten' (with the
 * per-platform toasts of 'Meine Posts') and the end of a scheduling; once saved the stored state
 * is dropped and the browser goes to 'Meine Posts'.
 */
export function usePreviewActions({ state, setState, balance, regenerationCost, onInsufficient }: { state: CreatorState; setState: SetState; balance: number; regenerationCost: number; onInsufficient: () => void }) {
	const { t } = useTranslation('creator')
	const { t: tg } = useTranslation('generation')
	const navigate = useNavigate()
	const location = useLocation()
	const revalidator = useRevalidator()
	const [finished, setFinished] = useState(false)
	const [regenerating, setRegenerating] = useState<Platform | null>(null)
	// A request that got no answer (or is still running) is asked again under its id: charged once.
	const pendingRegeneration = useRef<{ signature: string; requestId: string } | null>(null)
	const [publishing, setPublishing] = useState(false)
	const leaveTimer = useRef<number | undefined>(undefined)
	useEffect(() => () => window.clearTimeout(leaveTimer.current), [])

	const finish = useCallback(
		(delay: number) => {
			setFinished(true)
			clearCreatorState()
			window.clearTimeout(leaveTimer.current)
			leaveTimer.current = window.setTimeout(() => void navigate('/posts'), delay)
		},
		[navigate],
	)

	const saver = useFetcher<{ ok: boolean }>()
	useFetcherNotice(saver)
	// 'Entwurf speichern' creates drafts: a double click or a retry of the same content saves them once.
	const saveRequestIdFor = useRequestIds(saver.data)
	const savedFor = useRef<unknown>(null)
	useEffect(() => {
		if (saver.state !== 'idle' || !saver.data?.ok || savedFor.current === saver.data) return
		savedFor.current = saver.data
		finish(AFTER_SAVE_MS)
	}, [saver.state, saver.data, finish])

	const publisher = usePublishNow({
		onFinished: (outcome, postId) => {
			if (outcome !== 'failed') return finish(AFTER_PUBLISH_MS)
			// The post exists now: publishing again retries it instead of creating another one.
			setPublishing(false)
			setState((s) => ({ ...s, editing: { kind: 'post', id: postId } }))
		},
	})
	const publishRefused = publishing && !publisher.busy && publisher.result?.ok === false

	async function regenerate(platform: Platform) {
		const text = state.content[platform] ?? ''
		if (!text.trim()) {
			toast.error(tg('errors.content_required.title'), { description: tg('errors.content_required.message') })
			return
		}
		if (balance < regenerationCost) return onInsufficient()
		setRegenerating(platform)
		const agentId = state.agentId === NO_AGENT ? '' : state.agentId
		const signature = JSON.stringify([platform, text, agentId])
		const requestId = pendingRegeneration.current?.signature === signature ? pendingRegeneration.current.requestId : newRequestId()
		pendingRegeneration.current = { signature, requestId }
		const outcome = await regenerateImage({ requestId, platform, content: text, agentId })
		setRegenerating(null)
		if (outcome && !(!outcome.ok && outcome.code === 'in_progress')) pendingRegeneration.current = null
		void revalidator.revalidate()
		if (!outcome) {
			toast.error(t('network.title'), { description: t('network.message') })
			return
		}
		if (!outcome.ok) {
			if (outcome.code === 'insufficient_credits') return onInsufficient()
			const message = outcome.code === 'provider_error' && outcome.detail ? outcome.detail : tg(`errors.${outcome.code}.message`)
			toast.error(t('preview.regenerateFailed'), { description: message })
			return
		}
		if (isAppImagePath(outcome.imageUrl)) setState((s) => ({ ...s, generatedImages: { ...s.generatedImages, [platform]: outcome.imageUrl } }))
		toast.success(t('preview.regenerated'))
	}

	return {
		finished,
		busy: finished || saver.state !== 'idle' || publisher.busy || (publishing && !publishRefused),
		regenerating,
		regenerate,
		saveDraft() {
			const fields = contentFields(state)
			const form = toFormData('save-draft', fields)
			form.set('requestId', saveRequestIdFor(JSON.stringify(fields)))
			void saver.submit(form, { method: 'post', action: location.pathname })
		},
		publish() {
			setPublishing(true)
			publisher.submit(toFormData('publish', contentFields(state)), location.pathname)
		},
		scheduled: () => finish(AFTER_SAVE_MS),
		/** 'Post ohne Text?' before 'Jetzt posten' sends an image-only post. */
		confirmEmpty: publisher.confirmEmpty,
		/** The networks' reasons when 'Jetzt posten' was refused before anything was sent. */
		publishRefusal: publisher.refusal,
	}
}
