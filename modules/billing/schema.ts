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
