import { z } from 'zod'

/** The package a form names: a paid plan or a credit pack of the catalogue. */
export const ItemSchema = z.object({
	itemKind: z.enum(['plan', 'pack']),
	itemId: z.string().regex(/^[a-z0-9_]{1,50}$/),
})

const code = z
	.string()
	.trim()
	.max(50)
	.transform((v) => v.toUpperCase())

export const ValidateDiscountSchema = ItemSchema.extend({ code: code.pipe(z.string().min(1)) })

export const CheckoutSchema = ItemSchema.extend({ code: code.optional() })

/** The enterprise contact dialog: name and e-mail required (messages are keys of `billing`). */
export const EnterpriseRequestSchema = z.object({
	name: z.string({ error: 'enterprise.errors.nameRequired' }).trim().min(1, 'enterprise.errors.nameRequired').max(200),
	email: z.string({ error: 'enterprise.errors.emailRequired' }).trim().min(1, 'enterprise.errors.emailRequired').max(320).pipe(z.email('enterprise.errors.emailInvalid')),
	company: z.string().trim().max(200).optional().default(''),
	message: z.string().trim().max(5000).optional().default(''),
})

export type EnterpriseRequestInput = z.infer<typeof EnterpriseRequestSchema>

/** The admin sets a plan's channel limit ('Tarife'; plans.channel_limit allows 1 to 1000). */
export const PlanChannelLimitSchema = z.object({
	planId: z.string().trim().min(1).max(50),
	channelLimit: z.coerce.number().int().min(1).max(1000),
})

/** Admin discount codes ('Rabattcodes verwalten'): messages are keys of `adminDiscountCodes`. */
export const DISCOUNT_CODE_LENGTH = 8
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** 8 characters from A-Z and 0-9, from the platform's cryptographic random (browser and Node). */
export function generateDiscountCode(length = DISCOUNT_CODE_LENGTH) {
	let code = ''
	while (code.length < length) {
		const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length * 2))
		// 252 = 7 * 36: larger bytes are dropped, so every character is equally likely.
		for (const byte of bytes) if (byte < 252 && code.length < length) code += CODE_ALPHABET[byte % 36]
	}
	return code
}

/** A datetime-local value ('2026-11-23T19:05', seconds allowed), trimmed to the minute. */
const localDateTime = z
	.string()
	.trim()
	.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/, 'form.errors.dateInvalid')
	.transform((v) => v.slice(0, 16))
	.refine((v) => {
		const date = new Date(`${v}:00Z`)
		return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 16) === v
	}, 'form.errors.dateInvalid')

const hundredths = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6

export const DISCOUNT_TYPES = ['percentage', 'fixed_amount'] as const

export const DiscountCodeFormSchema = z
	.object({
		id: z.uuid().optional(),
		code: z
			.string({ error: 'form.errors.codeRequired' })
			.trim()
			.min(1, 'form.errors.codeRequired')
			.max(50, 'form.errors.codeTooLong')
			.regex(/^[A-Za-z0-9_-]*$/, 'form.errors.codeChars')
			.transform((v) => v.toUpperCase()),
		description: z.string().trim().max(1000, 'form.errors.descriptionTooLong').optional().default(''),
		discountType: z.enum(DISCOUNT_TYPES, { error: 'form.errors.typeInvalid' }),
		discountValue: z
			.number({ error: 'form.errors.valueRequired' })
			.gt(0, 'form.errors.valuePositive')
			.max(1_000_000, 'form.errors.valueTooLarge')
			.refine(hundredths, 'form.errors.valueStep'),
		minPurchaseAmount: z
			.number({ error: 'form.errors.minPurchaseInvalid' })
			.min(0, 'form.errors.minPurchaseInvalid')
			.max(1_000_000, 'form.errors.valueTooLarge')
			.refine(hundredths, 'form.errors.valueStep')
			.optional()
			.default(0),
		maxUses: z.number({ error: 'form.errors.integerMin1' }).int('form.errors.integerMin1').min(1, 'form.errors.integerMin1').max(1_000_000_000, 'form.errors.valueTooLarge').optional(),
		maxCredits: z.number({ error: 'form.errors.integerMin1' }).int('form.errors.integerMin1').min(1, 'form.errors.integerMin1').max(1_000_000_000, 'form.errors.valueTooLarge').optional(),
		startsAt: localDateTime.optional(),
		expiresAt: localDateTime.optional(),
		isActive: z.boolean().optional().default(false),
	})
	.superRefine((value, ctx) => {
		if (value.discountType === 'percentage' && value.discountValue > 100) ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'form.errors.percentMax' })
		if (value.startsAt && value.expiresAt && value.expiresAt <= value.startsAt) ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'form.errors.expiryBeforeStart' })
	})

export type DiscountCodeInput = z.infer<typeof DiscountCodeFormSchema>

export const DiscountCodeToggleSchema = z.object({ id: z.uuid(), active: z.enum(['true', 'false']).transform((v) => v === 'true') })
export const DiscountCodeDeleteSchema = z.object({ id: z.uuid() })
