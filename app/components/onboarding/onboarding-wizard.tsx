import { Badge, Box, Button, Callout, Card, Container, Flex, Heading, Separator, Text } from '@radix-ui/themes'
import { ArrowLeft, ArrowRight, CircleAlert, House, Sparkles, UserPlus } from 'lucide-react'
import { useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link, useNavigate } from 'react-router'
import { OnboardingDraftSchema, type OnboardingDraft } from '#modules/agents/onboarding-schema.ts'
import { newDraftId, parseStoredDraft, readStoredDraftText, writeStoredDraft } from './draft-storage.ts'
import { parseStoredProgress, readStoredProgressText, writeStoredProgress, type WizardProgressState } from './progress-storage.ts'
import { StepAgent } from './step-agent.tsx'
import { StepAudience } from './step-audience.tsx'
import { StepIndustry } from './step-industry.tsx'
import type { StepProps } from './step-props.ts'
import { StepSummary } from './step-summary.tsx'
import { WizardProgress } from './wizard-progress.tsx'
import {
	initialWizardValues,
	validateStep,
	wizardStepCount,
	wizardStepKeys,
	type WizardErrors,
	type WizardField,
	type WizardValues,
} from './wizard-values.ts'
import '#locales/ns/onboarding.ts'

// The stored draft is only read once; later writes are our own and must not reset the form.
function subscribeNever() {
	return () => {}
}

/**
 * The onboarding wizard, prefilled from a draft left in localStorage. The server renders it
 * empty; after hydration the stored draft (if any) remounts it with the saved values.
 */
export function Onboarding() {
	const draftText = useSyncExternalStore(subscribeNever, readStoredDraftText, () => null)
	const progressText = useSyncExternalStore(subscribeNever, readStoredProgressText, () => null)
	const draft = useMemo(() => parseStoredDraft(draftText), [draftText])
	// The progress of this tab (after a reload) wins over an older draft.
	const progress = useMemo(() => parseStoredProgress(progressText), [progressText])
	return <OnboardingWizard key={progress ? 'progress' : draftText === null ? 'empty' : 'stored'} initialDraft={draft} initialProgress={progress} />
}

function OnboardingWizard({ initialDraft, initialProgress }: { initialDraft: Partial<OnboardingDraft> | null; initialProgress: WizardProgressState | null }) {
	const { t } = useTranslation('onboarding')
	const navigate = useNavigate()
	const [values, setValues] = useState(() => initialProgress?.values ?? initialWizardValues(initialDraft))
	const [step, setStep] = useState(initialProgress?.step ?? 0)
	const [touched, setTouched] = useState<Partial<Record<WizardField, boolean>>>({})
	const [saveFailed, setSaveFailed] = useState(false)
	const headingRef = useRef<HTMLHeadingElement>(null)

	const errors = validateStep(step, values)
	const stepValid = Object.keys(errors).length === 0
	const isLastStep = step === wizardStepCount - 1
	const stepKey = wizardStepKeys[step] ?? 'agent'

	function goToStep(next: number) {
		// Each change is kept for this tab (written on the visitor's own changes only, never by a render).
		writeStoredProgress({ values, step: next })
		// Moving focus to the new step's heading tells screen readers that the content changed.
		flushSync(() => setStep(next))
		headingRef.current?.focus()
	}

	function createAccount() {
		const existingId = parseStoredDraft(readStoredDraftText())?.draftId
		const result = OnboardingDraftSchema.safeParse({ ...values, draftId: existingId ?? newDraftId() })
		if (!result.success) {
			setSaveFailed(true)
			return
		}
		try {
			writeStoredDraft(result.data)
		} catch (error) {
			console.error('Saving the onboarding draft failed', error)
			setSaveFailed(true)
			return
		}
		void navigate('/auth?from=onboarding')
	}

	function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (!stepValid) return
		if (isLastStep) createAccount()
		else goToStep(step + 1)
	}

	const stepProps: StepProps = {
		values,
		errors: visibleErrors(errors, touched),
		onChange: (field, value) => {
			const next = { ...values, [field]: value }
			setValues(next)
			writeStoredProgress({ values: next, step })
			setSaveFailed(false)
		},
		onBlur: (field) => setTouched((current) => ({ ...current, [field]: true })),
	}

	return (
		<Box style={{ minHeight: '100vh', background: 'radial-gradient(50rem 24rem at 50% -5%, var(--accent-a4), transparent 70%)' }}>
			<Container size="2" px="4" py={{ initial: '5', md: '7' }}>
				<WizardTopBar />
				<WizardIntro />
				<Card size={{ initial: '2', sm: '4' }}>
					<form onSubmit={handleSubmit} noValidate aria-labelledby="onboarding-step-title">
						<Flex direction="column" gap="5">
							<WizardProgress step={step} />
							<Separator size="4" />
							<Flex direction="column" gap="1">
								<Heading as="h2" id="onboarding-step-title" size="6" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
									{t(`steps.${stepKey}.title`)}
								</Heading>
								<Text as="p" color="gray">
									{t(`steps.${stepKey}.description`)}
								</Text>
							</Flex>
							<StepContent step={step} props={stepProps} values={values} />
							{saveFailed ? (
								<Callout.Root color="red" role="alert">
									<Callout.Icon>
										<CircleAlert size={16} aria-hidden />
									</Callout.Icon>
									<Callout.Text>{t('errors.saveFailed')}</Callout.Text>
								</Callout.Root>
							) : null}
							<WizardActions
								canGoBack={step > 0}
								canContinue={stepValid}
								isLastStep={isLastStep}
								onBack={() => goToStep(step - 1)}
							/>
						</Flex>
					</form>
				</Card>
			</Container>
		</Box>
	)
}

function visibleErrors(errors: WizardErrors, touched: Partial<Record<WizardField, boolean>>) {
	const visible: WizardErrors = {}
	for (const field of Object.keys(errors) as WizardField[]) {
		if (touched[field]) visible[field] = errors[field]
	}
	return visible
}

function StepContent({ step, props, values }: { step: number; props: StepProps; values: WizardValues }) {
	if (step === 0) return <StepAgent {...props} />
	if (step === 1) return <StepAudience {...props} />
	if (step === 2) return <StepIndustry {...props} />
	return <StepSummary values={values} />
}

function WizardTopBar() {
	const { t } = useTranslation(['onboarding', 'common'])
	return (
		<Flex justify="between" align="center" mb="6">
			<Flex align="center" gap="2">
				<Text color="indigo">
					<Sparkles size={20} aria-hidden />
				</Text>
				<Text size="4" weight="bold">
					{t('common:appName')}
				</Text>
			</Flex>
			<Button asChild variant="ghost" color="gray">
				<Link to="/">
					<House size={16} aria-hidden />
					{t('onboarding:backToStart')}
				</Link>
			</Button>
		</Flex>
	)
}

function WizardIntro() {
	const { t } = useTranslation('onboarding')
	return (
		<Flex direction="column" align="center" gap="2" mb="6" style={{ textAlign: 'center' }}>
			<Badge size="2" radius="full" variant="surface">
				{t('intro.eyebrow')}
			</Badge>
			<Heading as="h1" size={{ initial: '7', sm: '8' }}>
				{t('intro.title')}
			</Heading>
			<Text as="p" color="gray" size="3">
				{t('intro.text')}
			</Text>
		</Flex>
	)
}

function WizardActions({
	canGoBack,
	canContinue,
	isLastStep,
	onBack,
}: {
	canGoBack: boolean
	canContinue: boolean
	isLastStep: boolean
	onBack: () => void
}) {
	const { t } = useTranslation('onboarding')
	return (
		<Flex justify="between" gap="3" pt="2">
			<Button type="button" size="3" variant="soft" color="gray" disabled={!canGoBack} onClick={onBack}>
				<ArrowLeft size={16} aria-hidden />
				{t('actions.back')}
			</Button>
			<Button type="submit" size="3" disabled={!canContinue}>
				{isLastStep ? (
					<>
						<UserPlus size={16} aria-hidden />
						{t('actions.createAccount')}
					</>
				) : (
					<>
						{t('actions.next')}
						<ArrowRight size={16} aria-hidden />
					</>
				)}
			</Button>
		</Flex>
	)
}
