import { z } from 'zod'
import { MAX_PROMPT_VARIABLES, PROMPT_CATEGORIES, detectVariables } from './prompt-variables.ts'

// 'Prompts verwalten' (/admin/prompts): the dialog's form and the status switch, shared by the
// route's form (client validation) and its action. Messages are keys of the adminPrompts namespace.
// A name is required (issue 20: an empty name was accepted); the text may be empty; the category must be one of the five.
// The variables are never read from the form: the server derives them from the text.

export const PROMPT_NAME_MAX = 200
export const PROMPT_TEXT_MAX = 50_000

export const PromptFormSchema = z.object({
	id: z.uuid({ error: 'form.errors.invalid' }).optional(),
	name: z.string({ error: 'form.errors.nameRequired' }).trim().min(1, 'form.errors.nameRequired').max(PROMPT_NAME_MAX, 'form.errors.nameTooLong'),
	category: z.enum(PROMPT_CATEGORIES, { error: 'form.errors.categoryInvalid' }),
	promptText: z
		.string()
		.trim()
		.max(PROMPT_TEXT_MAX, 'form.errors.textTooLong')
		.refine((text) => detectVariables(text).length <= MAX_PROMPT_VARIABLES, 'form.errors.tooManyVariables')
		.optional()
		.default(''),
	isActive: z.boolean().optional().default(false),
})
export type PromptInput = z.infer<typeof PromptFormSchema>

export const PromptToggleSchema = z.object({ id: z.uuid(), active: z.enum(['true', 'false']).transform((v) => v === 'true') })

export const PromptSearchSchema = z.object({ q: z.string().trim().max(200).catch('') })
