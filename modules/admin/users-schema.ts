import { z } from 'zod'

// The admin user management's forms (/admin/users), shared by the route's forms and its action.
// Error messages are keys of the adminUsers namespace.

export const ADMIN_GRANT_MAX = 100_000
export const SUBSCRIPTION_TYPES = ['free', 'basic', 'pro'] as const

const userId = z.uuid({ error: 'errors.userNotFound' })

export const GrantCreditsSchema = z.object({
	intent: z.literal('grant'),
	userId,
	amount: z.coerce
		.number({ error: 'errors.amountInvalid' })
		.int({ error: 'errors.amountInvalid' })
		.min(1, { error: 'errors.amountMin' })
		.max(ADMIN_GRANT_MAX, { error: 'errors.amountMax' }),
	reason: z.string().trim().max(500, { error: 'errors.reasonTooLong' }).optional(),
})

export const SetPlanSchema = z.object({
	intent: z.literal('plan'),
	userId,
	subscriptionType: z.enum(SUBSCRIPTION_TYPES, { error: 'errors.planInvalid' }),
})

export const SetAdminSchema = z.object({
	intent: z.literal('role'),
	userId,
	admin: z.enum(['true', 'false']).transform((v) => v === 'true'),
})

export const RevokeApiTokenSchema = z.object({
	intent: z.literal('revokeToken'),
	userId,
	tokenId: z.uuid({ error: 'errors.tokenNotFound' }),
})

export const AdminUserActionSchema = z.discriminatedUnion('intent', [GrantCreditsSchema, SetPlanSchema, SetAdminSchema, RevokeApiTokenSchema])

export const UserSearchSchema = z.object({
	q: z.string().trim().max(200).catch(''),
	page: z.coerce.number().int().min(1).max(100_000).catch(1),
})
