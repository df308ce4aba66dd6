import { z } from 'zod'
import { defineTool, toolResult, type McpCall } from '../tool.server.ts'

/** get_credits: the balance and the newest ledger rows ('Abo & Credits'). */
export const getCreditsTool = (call: McpCall) =>
	defineTool({
		name: 'get_credits',
		scope: 'read',
		input: z.object({ limit: z.number().int().min(1).max(50).default(10).describe(call.t('fields.limit')) }),
		output: { balance: z.number(), plan: z.string().nullable(), entries: z.array(z.object({ at: z.string(), type: z.string(), amount: z.number(), balanceAfter: z.number() })) },
		annotations: { readOnlyHint: true, openWorldHint: false },
		async run({ limit }, { services, principal }) {
			const [profile, ledger] = await Promise.all([services.accounts.getProfile(principal.user.id), services.accounts.listLedger(principal.user.id, limit)])
			return toolResult({
				balance: profile?.credits_remaining ?? 0,
				plan: principal.user.subscriptionType,
				entries: ledger.map((e) => ({ at: e.createdAt.toISOString(), type: e.type, amount: e.amount, balanceAfter: e.balanceAfter })),
			})
		},
	})
