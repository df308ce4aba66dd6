import { z } from 'zod'

// Shared by the forms (client validation) and the actions (server validation).
// Messages are i18n keys of the `auth` namespace; the UI translates them.
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 1024

const requiredText = (max: number, emptyKey: string) =>
	z
		.string({ error: emptyKey })
		.trim()
		.min(1, { error: emptyKey })
		.max(max, { error: 'errors.tooLong' })

const email = requiredText(254, 'errors.fillAll')
	.pipe(z.email({ error: 'errors.invalidEmail' }))
	.transform((v) => v.toLowerCase())

// Passwords are used exactly as typed: no trimming, no case folding.
const password = (emptyKey: string) =>
	z
		.string({ error: emptyKey })
		.min(1, { error: emptyKey })
		.max(PASSWORD_MAX, { error: 'errors.passwordTooLong' })

const newPassword = password('errors.fillAll').min(PASSWORD_MIN, { error: 'errors.passwordTooShort' })

export const SignInSchema = z.object({
	intent: z.literal('signin'),
	email,
	password: password('errors.fillAll'),
	redirectTo: z.string().max(2000).optional(),
})

export const SignUpSchema = z.object({
	intent: z.literal('signup'),
	fullName: requiredText(200, 'errors.nameRequired'),
	email,
	password: newPassword,
	redirectTo: z.string().max(2000).optional(),
})

export const ResendConfirmationSchema = z.object({
	intent: z.literal('resend'),
	email,
})

export const SignInLinkRequestSchema = z.object({
	intent: z.literal('signin-link'),
	email,
})

export const ForgotPasswordSchema = z.object({ email })

export const ResetPasswordSchema = z
	.object({
		token: z.string().min(10).max(200),
		password: newPassword,
		confirmPassword: password('errors.fillAll'),
	})
	.refine((v) => v.password === v.confirmPassword, { error: 'errors.passwordMismatch', path: ['confirmPassword'] })

export const ConfirmEmailSchema = z.object({ token: z.string().min(10).max(200) })

export const SignInLinkSchema = z.object({ token: z.string().min(10).max(200) })

export type SignUpInput = z.infer<typeof SignUpSchema>
export type SignInInput = z.infer<typeof SignInSchema>
