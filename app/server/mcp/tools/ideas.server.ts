import { z } from 'zod'
import { defineTool, toolResult, type McpCall } from '../tool.server.ts'

/** list_ideas: the newest content ideas (the dashboard's card 'KI Content-Ideen'). */
export const listIdeasTool = (call: McpCall) =>
	defineTool({
		name: 'list_ideas',
		scope: 'read',
		input: z.object({ limit: z.number().int().min(1).max(50).default(10).describe(call.t('fields.limit')) }),
		output: {
			ideas: z.array(z.object({ id: z.string(), title: z.string(), description: z.string(), source: z.string(), publishedDate: z.string().nullable(), trending: z.boolean(), networks: z.array(z.string()), keyword: z.string().nullable(), contentType: z.string().nullable() })),
		},
		annotations: { readOnlyHint: true, openWorldHint: false },
		async run({ limit }, { services, principal }) {
			const { ideas } = await services.news.dashboardIdeas(principal.user.id, limit)
			return toolResult({
				ideas: ideas.map((i) => ({ id: i.id, title: i.title, description: i.description, source: i.source, publishedDate: i.publishedDate, trending: i.trending, networks: i.platforms, keyword: i.keyword, contentType: i.contentType })),
			})
		},
	})
