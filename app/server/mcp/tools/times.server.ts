import { z } from 'zod'
import { suggestedTimes, SuggestedTimesSchema } from '#app/server/api/v1/times.server.ts'
import { defineTool, toolResult, type McpCall } from '../tool.server.ts'

/** suggest_times: the calendar's suggested posting times without a planned post, in the user's zone (GET /api/v1/times). */
export const suggestTimesTool = (call: McpCall) =>
	defineTool({
		name: 'suggest_times',
		scope: 'read',
		input: z.object({ count: z.number().int().min(1).max(50).default(5).describe(call.t('fields.count')) }),
		output: SuggestedTimesSchema.shape,
		annotations: { readOnlyHint: true, openWorldHint: false },
		async run({ count }, { services, principal }) {
			return toolResult(await suggestedTimes(services, principal.user, count))
		},
	})
