import { useTranslation } from '#app/utils/use-translation.ts'
import { useRevalidator } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import { useLiveRevalidation } from '#app/components/live/use-live-revalidation.ts'
import { useOnboardingHandOver } from '#app/components/onboarding/use-onboarding-hand-over.ts'
import '#locales/ns/layout.ts'

/**
 * Runs on every signed-in page: finishes the onboarding hand-over after the first sign-in and
 * reloads the page's data when the user's data changes elsewhere (another tab, a job).
 */
export function useSignedInEffects() {
	const { t } = useTranslation('layout')
	const revalidator = useRevalidator()
	useLiveRevalidation()
	useOnboardingHandOver({
		onSaved: () => {
			toast.success(t('agentSaved'), { description: t('agentSavedText') })
			void revalidator.revalidate()
		},
	})
}
