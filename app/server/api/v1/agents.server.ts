import { z } from 'zod'
import type { AgentPersona } from '#modules/agents/index.ts'
import { json } from '../request.server.ts'
import { defineOperation } from './operation.server.ts'

// /api/v1/agents: the user's agents (the voices posts are written in), as the MCP tool list_agents
// lists them; the full persona with the learned style is the MCP resource postwerk://agents/{id}.

export const AgentSchema = z
	.object({
		id: z.uuid().meta({ description: 'Agent-ID (agentId von POST /generations)' }),
		name: z.string(),
		default: z.boolean().meta({ description: 'Der Standard-Agent (gilt, wenn keiner genannt wird)' }),
		description: z.string(),
		personality: z.string(),
		tone: z.string().meta({ description: 'Tonalität' }),
		targetAudience: z.string().meta({ description: 'Zielgruppe' }),
		industry: z.string().nullable(),
		specialties: z.array(z.string()),
		brandName: z.string().nullable().meta({ description: 'Die Marke, in deren Namen der Agent schreibt' }),
		trained: z.boolean().meta({ description: 'Ob «Agent trainieren» einen Stil gelernt hat' }),
	})
	.meta({ id: 'Agent', description: 'Ein Agent: die Stimme, in der Posts geschrieben werden' })

export function apiAgent(agent: AgentPersona & { isDefault: boolean }): z.output<typeof AgentSchema> {
	return {
		id: agent.id,
		name: agent.name,
		default: agent.isDefault,
		description: agent.description,
		personality: agent.personality,
		tone: agent.tone,
		targetAudience: agent.targetAudience,
		industry: agent.industry,
		specialties: agent.specialties,
		brandName: agent.brand.name || null,
		trained: agent.styleProfile !== null,
	}
}

export function agentOperations() {
	return [
		defineOperation({
			method: 'GET',
			path: '/agents',
			operationId: 'listAgents',
			tag: 'Generierungen',
			summary: 'Agenten auflisten',
			description: 'Ihre Agenten mit Persona, Tonalität, Zielgruppe und Marke, der Standard-Agent markiert: die Stimmen, in denen Generierungen schreiben (agentId).',
			scope: 'read',
			responses: { 200: { description: 'Die Agenten', schema: z.object({ data: z.array(AgentSchema) }).meta({ id: 'AgentList' }) } },
			problems: [],
			async handle({ services, principal }) {
				const agents = await services.agents.listPersonas(principal.user.id)
				return json({ data: agents.map(apiAgent) })
			},
		}),
	]
}
