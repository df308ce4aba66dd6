import { z } from 'zod'
import { SPELLINGS } from '#modules/core/spelling.ts'
import { PASSWORD_MAX, PASSWORD_MIN } from './schema.ts'

// The settings page's account forms (profile, password, preferences, deletion), shared by the
// forms and the actions. Messages are i18n keys of the `settings` namespace.
export const DEFAULT_TIME_ZONE = 'Europe/Zurich'

export function isTimeZone(value: string) {
	if (!value || value.length > 64) return false
	try {
		new Intl.DateTimeFormat('de-CH', { timeZone: value })
		return true
	} catch {
		return false
	}
}

export const ProfileSchema = z.object({
	fullName: z.string({ error: 'profile.errors.nameRequired' }).trim().min(1, { error: 'profile.errors.nameRequired' }).max(200, { error: 'profile.errors.tooLong' }),
})

export const ChangePasswordSchema = z
	.object({
		currentPassword: z.string({ error: 'security.errors.currentRequired' }).min(1, { error: 'security.errors.currentRequired' }).max(PASSWORD_MAX),
		newPassword: z
			.string({ error: 'security.errors.tooShort' })
			.min(PASSWORD_MIN, { error: 'security.errors.tooShort' })
			.max(PASSWORD_MAX, { error: 'security.errors.tooLong' }),
		confirmPassword: z.string({ error: 'security.errors.mismatch' }).max(PASSWORD_MAX),
	})
	.refine((v) => v.newPassword === v.confirmPassword, { error: 'security.errors.mismatch', path: ['confirmPassword'] })

export const PreferencesSchema = z.object({
	timeZone: z.string().refine(isTimeZone, { error: 'preferences.errors.timeZone' }),
	// A checkbox: present ('on') when checked, absent otherwise.
	notifyFailedPosts: z
		.string()
		.optional()
		.transform((v) => v === 'on' || v === 'true'),
	// 'Alt-Text für Bilder verlangen' (ADR 0060), a checkbox like the one above.
	requireAltText: z
		.string()
		.optional()
		.transform((v) => v === 'on' || v === 'true'),
	// Schreibweise (ADR 0013); absent keeps the stored choice.
	spelling: z.enum(SPELLINGS).optional(),
})

export const DeleteAccountSchema = z.object({
	confirmEmail: z
		.string({ error: 'data.errors.emailMismatch' })
		.trim()
		.min(1, { error: 'data.errors.emailMismatch' })
		.max(254)
		.transform((v) => v.toLowerCase()),
})
