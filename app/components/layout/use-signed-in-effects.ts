import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { toast } from 'sonner'
import { useOnboardingHandOver } from '#app/components/onboarding/use-onboarding-hand-over.ts'

/** Runs on every signed-in page: finishes the onboarding hand-over after the first sign-in. */
export function useSignedInEffects() {
	const { t } = useTranslation('layout')
	const revalidator = useRevalidator()
	useOnboardingHandOver({
		onSaved: () => {
			toast.success(t('agentSaved'), { description: t('agentSavedText') })
			void revalidator.revalidate()
		},
	})
}
