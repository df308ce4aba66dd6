import { z } from 'zod'
import { defineTool, toolResult, type McpCall } from '../tool.server.ts'

// suggest_times, get_credits and list_ideas: what the calendar, 'Abo & Credits' and the dashboard's
// idea card read.

export const suggestTimesTool = (call: McpCall) =>
	defineTool({
		name: 'suggest_times',
		scope: 'read',
		input: z.object({ count: z.number().int().min(1).max(50).default(5).describe(call.t('fields.count')) }),
		annotations: { readOnlyHint: true, openWorldHint: false },
		async run({ count }, { services, principal }) {
			const { id, timeZone } = principal.user
			const slots = await services.content.freeSlots(id, timeZone, count)
			return toolResult({ timeZone, times: slots.map((s) => ({ at: s.at, date: s.date, time: s.time })) })
		},
	})

export const getCreditsTool = (call: McpCall) =>
	defineTool({
		name: 'get_credits',
		scope: 'read',
		input: z.object({ limit: z.number().int().min(1).max(50).default(10).describe(call.t('fields.limit')) }),
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

export const listIdeasTool = (call: McpCall) =>
	defineTool({
		name: 'list_ideas',
		scope: 'read',
		input: z.object({ limit: z.number().int().min(1).max(50).default(10).describe(call.t('fields.limit')) }),
		annotations: { readOnlyHint: true, openWorldHint: false },
		async run({ limit }, { services, principal }) {
			const { ideas } = await services.news.dashboardIdeas(principal.user.id, limit)
			return toolResult({
				ideas: ideas.map((i) => ({ id: i.id, title: i.title, description: i.description, source: i.source, publishedDate: i.publishedDate, trending: i.trending, networks: i.platforms, keyword: i.keyword, contentType: i.contentType })),
			})
		},
	})
