import { z } from 'zod'
import { AgentSchema, apiAgent } from '#app/server/api/v1/agents.server.ts'
import { defineTool, toolResult, type McpCall } from '../tool.server.ts'

/** list_agents: the agents as GET /api/v1/agents lists them (for clients that read no resources). */
export const listAgentsTool = (_call: McpCall) =>
	defineTool({
		name: 'list_agents',
		scope: 'read',
		input: z.object({}),
		output: { agents: z.array(AgentSchema) },
		annotations: { readOnlyHint: true, openWorldHint: false },
		async run(_args, { services, principal }) {
			const agents = await services.agents.listPersonas(principal.user.id)
			return toolResult({ agents: agents.map(apiAgent) })
		},
	})
