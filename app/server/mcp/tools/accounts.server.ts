import { z } from 'zod'
import { defineTool, toolResult, type McpCall } from '../tool.server.ts'

const PageOut = z.object({ id: z.string(), name: z.string(), type: z.string(), isDefault: z.boolean(), followers: z.number(), problem: z.string().nullable() })
const NetworkOut = z.object({ network: z.string(), name: z.string(), textLimit: z.number().nullable(), pages: z.array(PageOut) })
const ChannelOut = z.object({ id: z.string(), network: z.string(), networkName: z.string(), name: z.string(), type: z.string(), brand: z.string(), default: z.boolean(), state: z.string(), followers: z.number() })

/** list_accounts: every network Postwerk knows, with the user's connected pages (the creator's page choice). */
export const listAccountsTool = (_call: McpCall) =>
	defineTool({
		name: 'list_accounts',
		scope: 'read',
		input: z.object({}),
		output: { networks: z.array(NetworkOut) },
		annotations: { readOnlyHint: true, openWorldHint: false },
		async run(_args, { services, principal }) {
			const { publishing } = services
			const pages = await publishing.listChannels(principal.user.id)
			const networks = publishing.platforms.descriptors.map((d) => ({
				network: d.id,
				name: d.name,
				textLimit: d.text.limit,
				pages: pages
					.filter((p) => p.platform === d.id)
					.map((p) => ({ id: p.id, name: p.pageName, type: p.pageType, isDefault: p.isDefault, followers: p.followerCount, problem: p.problem })),
			}))
			return toolResult({ networks })
		},
	})

/** list_channels: the user's channels (issue 38), as GET /api/v1/channels lists them; their ids go into create_post's channels. */
export const listChannelsTool = (_call: McpCall) =>
	defineTool({
		name: 'list_channels',
		scope: 'read',
		input: z.object({}),
		output: { channels: z.array(ChannelOut) },
		annotations: { readOnlyHint: true, openWorldHint: false },
		async run(_args, { services, principal }) {
			const channels = await services.publishing.listChannels(principal.user.id)
			return toolResult({
				channels: channels.map((c) => ({
					id: c.id,
					network: c.platform,
					networkName: services.publishing.platforms.get(c.platform)?.name ?? c.platform,
					name: c.pageName,
					type: c.pageType,
					brand: c.brandId,
					default: c.isDefault,
					state: c.problem ?? 'connected',
					followers: c.followerCount,
				})),
			})
		},
	})
