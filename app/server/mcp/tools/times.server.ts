import { z } from 'zod'
import { defineTool, toolResult, type McpCall } from '../tool.server.ts'

/** suggest_times: the calendar's suggested posting times without a planned post, in the user's zone. */
export const suggestTimesTool = (call: McpCall) =>
	defineTool({
		name: 'suggest_times',
		scope: 'read',
		input: z.object({ count: z.number().int().min(1).max(50).default(5).describe(call.t('fields.count')) }),
		output: { timeZone: z.string(), times: z.array(z.object({ at: z.string(), date: z.string(), time: z.string() })) },
		annotations: { readOnlyHint: true, openWorldHint: false },
		async run({ count }, { services, principal }) {
			const { id, timeZone } = principal.user
			const slots = await services.content.freeSlots(id, timeZone, count)
			return toolResult({ timeZone, times: slots.map((s) => ({ at: s.at, date: s.date, time: s.time })) })
		},
	})
