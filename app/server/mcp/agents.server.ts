import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import type { AgentPersona } from '#modules/agents/index.ts'
import { spell } from '#modules/core/spelling.ts'
import type { McpCall } from './tool.server.ts'

// The user's agents as resources postwerk://agents/{id}: what the assistant reads to write in the
// user's voice (persona, tone, audience, the learned style, the brand). Only the token's user's agents.

export const AGENT_URI = 'postwerk://agents/'

function agentOut(agent: AgentPersona & { isDefault: boolean }) {
	const { languageModel: _l, imageModel: _i, videoModel: _v, ...persona } = agent
	return persona
}

export function registerAgentResources(server: McpServer, { services, principal, t, spelling }: McpCall) {
	const userId = principal.user.id
	server.registerResource(
		'agents',
		new ResourceTemplate(`${AGENT_URI}{id}`, {
			list: async () => {
				const agents = await services.agents.listPersonas(userId)
				return {
					resources: agents.map((a) => ({
						uri: `${AGENT_URI}${a.id}`,
						name: a.name,
						title: t('resources.agentTitle', { name: a.name }),
						description: [t('resources.agentDescription', { name: a.name }), a.isDefault ? t('resources.agentDefault') : ''].filter(Boolean).join(' '),
						mimeType: 'application/json',
					})),
				}
			},
		}),
		{ title: t('resources.templateTitle'), description: t('resources.templateDescription'), mimeType: 'application/json' },
		async (uri, variables) => {
			const id = String(variables.id ?? '')
			const agent = (await services.agents.listPersonas(userId)).find((a) => a.id === id)
			if (!agent) throw new McpError(ErrorCode.InvalidParams, spell(t('errors.agentNotFound'), spelling))
			return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(agentOut(agent), null, 2) }] }
		},
	)
}
