import {
	onboardingStepSchemas,
	type OnboardingAvatar,
	type OnboardingDraft,
	type OnboardingErrorKey,
	type OnboardingIndustry,
	type OnboardingPersonality,
	type OnboardingTone,
} from '#modules/agents/onboarding-schema.ts'

export type WizardValues = {
	agentName: string
	avatar: OnboardingAvatar
	personality: OnboardingPersonality
	targetAudience: string
	tone: OnboardingTone
	/** Empty until the visitor picks one: the industry has no default on purpose. */
	industry: OnboardingIndustry | ''
	description: string
}

export type WizardField = keyof WizardValues
export type WizardErrors = Partial<Record<WizardField, OnboardingErrorKey>>

export const wizardStepKeys = ['agent', 'audience', 'industry', 'summary'] as const
export const wizardStepCount = wizardStepKeys.length

export const defaultWizardValues: WizardValues = {
	agentName: '',
	avatar: 'bot',
	personality: 'professional',
	targetAudience: '',
	tone: 'professional',
	industry: '',
	description: '',
}

export function initialWizardValues(draft: Partial<OnboardingDraft> | null): WizardValues {
	if (!draft) return defaultWizardValues
	const values = { ...draft }
	delete values.draftId
	return { ...defaultWizardValues, ...values }
}

/** Errors of one step (0-based); the summary step has none. */
export function validateStep(step: number, values: WizardValues): WizardErrors {
	const schema = onboardingStepSchemas[step as 0 | 1 | 2] as (typeof onboardingStepSchemas)[number] | undefined
	if (!schema) return {}
	const result = schema.safeParse(values)
	if (result.success) return {}
	const errors: WizardErrors = {}
	for (const issue of result.error.issues) {
		const field = issue.path[0] as WizardField
		errors[field] ??= issue.message as OnboardingErrorKey
	}
	return errors
}

export function truncate(text: string, length: number, ellipsis: string) {
	return text.length > length ? `${text.slice(0, length)}${ellipsis}` : text
}
