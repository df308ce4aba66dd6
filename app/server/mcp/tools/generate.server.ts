import type { RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { getInstance } from '#app/middleware/i18next.ts'
import { generationCost } from '#modules/generation/costs.ts'
import type { GenerationInput } from '#modules/generation/index.ts'
import { NOTES_MAX, PROMPT_MAX } from '#modules/media/kinds.ts'
import '#locales/ns/generation.ts'
import { defineTool, mcpRequestId, toolError, toolResult, type McpCall } from '../tool.server.ts'

/** The creator's German message of a refused generation. */
function generationMessage(context: Readonly<RouterContextProvider>, code: string): string {
	const i18n = getInstance(context)
	const key = `generation:errors.${code}.message` as 'generation:errors.failed.message'
	return i18n.t(i18n.exists(key) ? key : 'generation:errors.failed.message')
}

/**
 * generate_post: the creator's 'Bilder generieren & Vorschau' from an idea (the same service call,
 * the same rate limit and charge; a retry with the same requestId is charged once). It stores no post.
 */
export const generatePostTool = (call: McpCall) => {
	const { publishing } = call.services
	return defineTool({
		name: 'generate_post',
		scope: 'generate',
		input: z.object({
			prompt: z.string().trim().min(1).max(PROMPT_MAX).describe(call.t('fields.prompt')),
			networks: z.array(z.enum(publishing.platforms.ids as [string, ...Array<string>])).min(1).max(publishing.platforms.ids.length).describe(call.t('fields.networks')),
			agentId: z.uuid().nullable().optional().describe(call.t('fields.agentId')),
			notes: z.string().max(NOTES_MAX).optional().describe(call.t('fields.notes')),
			requestId: z.uuid().optional().describe(call.t('fields.requestId')),
		}),
		output: {
			message: z.string(),
			generationId: z.string(),
			agent: z.object({ id: z.string(), name: z.string() }).nullable(),
			texts: z.record(z.string(), z.string()),
			images: z.record(z.string(), z.string()),
			charged: z.number(),
			refunded: z.number(),
			balance: z.number(),
			warnings: z.array(z.string()),
		},
		annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
		async run(args, { services, principal, t, context }) {
			const credits = (count: number) => t('messages.credits', { count })
			const userId = principal.user.id
			const creator = await services.generation.creatorData(userId)
			const agent = args.agentId === undefined ? (creator.agents.find((a) => a.isDefault) ?? null) : args.agentId === null ? null : creator.agents.find((a) => a.id === args.agentId)
			if (agent === undefined) return toolError(generationMessage(context, 'unknown_agent'), { code: 'unknown_agent' })
			const platforms = publishing.platforms.ids.filter((id) => args.networks.includes(id))
			const models = agent ?? creator.noAgent
			const cost = generationCost({ descriptors: publishing.platforms.descriptors, platforms, textModelCost: models.text.cost, imageModelCost: models.image.cost, withImages: true }).total
			const admitted = await services.generation.admit(userId, 'generation')
			if (!admitted.ok) return toolError(t('errors.rateLimited', { count: admitted.retryAfterSeconds }), { code: 'rate_limited', retryAfterSeconds: admitted.retryAfterSeconds })
			const input: GenerationInput = {
				requestId: mcpRequestId(principal, args.requestId),
				kind: 'smart-post',
				platforms,
				agentId: agent?.id ?? null,
				prompt: args.prompt,
				url: '',
				notes: args.notes ?? '',
				article: null,
				document: null,
				image: null,
				audio: null,
			}
			const outcome = await services.generation.generate(userId, input, () => {})
			if (!outcome.ok) {
				const balance = outcome.balance ?? creator.balance
				if (outcome.code === 'insufficient_credits') return toolError(t('errors.generation.insufficient_credits', { cost: credits(cost), balance: credits(balance) }), { code: outcome.code, cost, balance })
				if (outcome.code === 'in_progress') return toolError(t('errors.generation.in_progress'), { code: outcome.code })
				return toolError([generationMessage(context, outcome.code), outcome.detail].filter(Boolean).join(' '), { code: outcome.code, balance })
			}
			return toolResult({
				message: t('messages.generated', { charged: credits(outcome.charged), refunded: outcome.refunded, balance: credits(outcome.balance) }),
				generationId: outcome.generationId,
				agent: agent ? { id: agent.id, name: agent.name } : null,
				texts: outcome.texts,
				images: outcome.images,
				charged: outcome.charged,
				refunded: outcome.refunded,
				balance: outcome.balance,
				warnings: outcome.warnings,
			})
		},
	})
}
