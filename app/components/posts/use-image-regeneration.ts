import { useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { toast } from '#app/components/toast.tsx'
import { regenerateImage } from '#app/components/creator/generation-client.ts'
import { isAppImagePath } from '#app/components/creator/types.ts'
import { newDraftId as newRequestId } from '#app/components/onboarding/draft-text.ts'
import type { Platform } from '#modules/content/platforms.ts'
import '#locales/ns/posts.ts'
import '#locales/ns/generation.ts'

export type RegenerationQuote = { cost: number; balance: number }

/**
 * 'Bild neu generieren' in the draft editor: the creator's endpoint and module function, charged
 * `quote.cost` credits once per request id (a retry after a lost answer reuses it). Answers the new
 * image's path, or null after a German error toast; null at once while the cost is not known (`quote` null).
 */
export function useImageRegeneration(quote: RegenerationQuote | null) {
	const { t } = useTranslation('posts')
	const { t: tg } = useTranslation('generation')
	const revalidator = useRevalidator()
	const pending = useRef<{ signature: string; requestId: string } | null>(null)
	const [running, setRunning] = useState<Platform | null>(null)

	async function regenerate(platform: Platform, text: string): Promise<string | null> {
		if (!quote) return null
		if (!text.trim()) {
			toast.error(tg('errors.content_required.title'), { description: tg('errors.content_required.message') })
			return null
		}
		if (quote.balance < quote.cost) {
			toast.error(tg('errors.insufficient_credits.title'), { description: tg('errors.insufficient_credits.message') })
			return null
		}
		const signature = JSON.stringify([platform, text])
		const requestId = pending.current?.signature === signature ? pending.current.requestId : newRequestId()
		pending.current = { signature, requestId }
		setRunning(platform)
		const outcome = await regenerateImage({ requestId, platform, content: text, agentId: '' })
		setRunning(null)
		if (!outcome) {
			toast.error(t('editor.regenerateFailed'), { description: t('editor.regenerateNetwork') })
			return null
		}
		if (!(!outcome.ok && outcome.code === 'in_progress')) pending.current = null
		void revalidator.revalidate()
		if (!outcome.ok) {
			const code = outcome.code
			const title = code === 'insufficient_credits' ? tg('errors.insufficient_credits.title') : t('editor.regenerateFailed')
			toast.error(title, { description: code === 'provider_error' && outcome.detail ? outcome.detail : tg(`errors.${code}.message`) })
			return null
		}
		if (!isAppImagePath(outcome.imageUrl)) return null
		toast.success(t('editor.regenerated'), { description: t('editor.regeneratedText') })
		return outcome.imageUrl
	}

	return { regenerate, running }
}
