import { z } from 'zod'

// Shared by the client wizard (step gates) and the server action that stores the draft, so it
// stays pure zod. Error messages are keys of the `onboarding` namespace (locales/de/onboarding.json);
// the UI translates them with t(), the server only needs to know that parsing failed.

export const onboardingAvatars = [
	'user',
	'bot',
	'crown',
	'star',
	'heart',
	'shield',
	'diamond',
	'flame',
	'coffee',
	'rocket',
	'target',
	'globe',
	'zap',
	'sparkles',
	'music',
] as const

export const onboardingPersonalities = ['professional', 'friendly', 'creative', 'authoritative', 'casual'] as const

export const onboardingTones = ['professional', 'conversational', 'inspiring', 'educational', 'humorous'] as const

export const onboardingIndustries = [
	'technology',
	'marketing',
	'finance',
	'healthcare',
	'education',
	'retail',
	'consulting',
	'real-estate',
	'hospitality',
	'other',
] as const

export type OnboardingAvatar = (typeof onboardingAvatars)[number]
export type OnboardingPersonality = (typeof onboardingPersonalities)[number]
export type OnboardingTone = (typeof onboardingTones)[number]
export type OnboardingIndustry = (typeof onboardingIndustries)[number]

export const onboardingLimits = {
	agentNameMin: 2,
	agentNameMax: 100,
	targetAudienceMin: 3,
	targetAudienceMax: 1000,
	descriptionMax: 2000,
	summaryAudienceLength: 100,
	summaryDescriptionLength: 300,
} as const

export const onboardingErrorKeys = {
	nameTooShort: 'errors.nameTooShort',
	nameTooLong: 'errors.nameTooLong',
	avatarInvalid: 'errors.avatarInvalid',
	personalityInvalid: 'errors.personalityInvalid',
	audienceTooShort: 'errors.audienceTooShort',
	audienceTooLong: 'errors.audienceTooLong',
	toneInvalid: 'errors.toneInvalid',
	industryRequired: 'errors.industryRequired',
	descriptionTooLong: 'errors.descriptionTooLong',
	draftIdInvalid: 'errors.draftIdInvalid',
} as const

export type OnboardingErrorKey = (typeof onboardingErrorKeys)[keyof typeof onboardingErrorKeys]

const agentName = z
	.string({ error: onboardingErrorKeys.nameTooShort })
	.trim()
	.min(onboardingLimits.agentNameMin, { error: onboardingErrorKeys.nameTooShort })
	.max(onboardingLimits.agentNameMax, { error: onboardingErrorKeys.nameTooLong })

const targetAudience = z
	.string({ error: onboardingErrorKeys.audienceTooShort })
	.trim()
	.min(onboardingLimits.targetAudienceMin, { error: onboardingErrorKeys.audienceTooShort })
	.max(onboardingLimits.targetAudienceMax, { error: onboardingErrorKeys.audienceTooLong })

const description = z
	.string({ error: onboardingErrorKeys.descriptionTooLong })
	.trim()
	.max(onboardingLimits.descriptionMax, { error: onboardingErrorKeys.descriptionTooLong })
	.default('')

export const OnboardingAgentStepSchema = z.object({
	agentName,
	avatar: z.enum(onboardingAvatars, { error: onboardingErrorKeys.avatarInvalid }),
	personality: z.enum(onboardingPersonalities, { error: onboardingErrorKeys.personalityInvalid }),
})

export const OnboardingAudienceStepSchema = z.object({
	targetAudience,
	tone: z.enum(onboardingTones, { error: onboardingErrorKeys.toneInvalid }),
})

export const OnboardingIndustryStepSchema = z.object({
	industry: z.enum(onboardingIndustries, { error: onboardingErrorKeys.industryRequired }),
	description,
})

/** Steps 1 to 3 in order; step 4 (the summary) is always valid. */
export const onboardingStepSchemas = [
	OnboardingAgentStepSchema,
	OnboardingAudienceStepSchema,
	OnboardingIndustryStepSchema,
] as const

export const OnboardingDraftSchema = z.object({
	draftId: z.uuid({ error: onboardingErrorKeys.draftIdInvalid }),
	...OnboardingAgentStepSchema.shape,
	...OnboardingAudienceStepSchema.shape,
	...OnboardingIndustryStepSchema.shape,
})

export type OnboardingDraft = z.infer<typeof OnboardingDraftSchema>
export type OnboardingDraftInput = z.input<typeof OnboardingDraftSchema>
