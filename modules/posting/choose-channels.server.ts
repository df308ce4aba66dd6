import messages from '#locales/de/posting.json' with { type: 'json' }
import { fill } from '#modules/content/csv-import.ts'
import type { Platform } from '#modules/content/index.ts'
import type { ChannelView, PublishingService } from '#modules/publishing/index.ts'

// Where a post from the REST API, an MCP client or a CSV row goes (issue 38): the channels it names
// (ids of the user's own channels) and, for each network it names without a channel, the brand's
// default channel of that network. Another user's or an unknown id is refused here, in German,
// before the content module sees it.

export type ChannelRequest = { networks?: ReadonlyArray<Platform>; channels?: ReadonlyArray<string> }

export type ChannelChoice =
	/** `channelIds` and `brandId` only when the request named channels (else the networks' default channels). */
	| { ok: true; networks: Array<Platform>; channelIds?: Array<string>; brandId?: string }
	| { ok: false; reasons: Array<string> }

type Publishing = Pick<PublishingService, 'listChannels' | 'platforms'>

const networkName = (publishing: Publishing, id: string) => publishing.platforms.get(id)?.name ?? id

/** Decides the channels of one request against the user's channels (read once by the caller for many rows). */
export function chooseFrom(publishing: Publishing, owned: ReadonlyArray<ChannelView>, request: ChannelRequest): ChannelChoice {
	const networks = [...new Set(request.networks ?? [])]
	const wanted = [...new Set(request.channels ?? [])]
	if (wanted.length === 0) return { ok: true, networks }
	const byId = new Map(owned.map((c) => [c.id, c]))
	const unknown = wanted.filter((id) => !byId.has(id))
	if (unknown.length) return { ok: false, reasons: [fill(messages.channels.unknown, { ids: unknown.join(', ') })] }
	const chosen = wanted.map((id) => byId.get(id)!)
	const brands = new Set(chosen.map((c) => c.brandId))
	if (brands.size > 1) return { ok: false, reasons: [messages.channels.severalBrands] }
	const brandId = chosen[0]!.brandId
	const reasons: Array<string> = []
	for (const network of networks) {
		if (chosen.some((c) => c.platform === network)) continue
		const fallback = owned.find((c) => c.brandId === brandId && c.platform === network && c.isDefault)
		if (fallback) chosen.push(fallback)
		else reasons.push(fill(messages.channels.noDefault, { network: networkName(publishing, network) }))
	}
	if (reasons.length) return { ok: false, reasons }
	// The registry's order, as the creator lists the networks.
	const order = publishing.platforms.ids
	const all = [...new Set([...networks, ...chosen.map((c) => c.platform)])].sort((a, b) => order.indexOf(a) - order.indexOf(b))
	return { ok: true, networks: all, channelIds: chosen.map((c) => c.id), brandId }
}

/** chooseFrom for one request: reads the user's channels only when it names some. */
export async function chooseChannels(publishing: Publishing, userId: string, request: ChannelRequest): Promise<ChannelChoice> {
	const owned = request.channels?.length ? await publishing.listChannels(userId) : []
	return chooseFrom(publishing, owned, request)
}

/** The German reason for a network of the chosen channels that has no text. */
export const missingText = (publishing: Publishing, network: string) => fill(messages.channels.noText, { network: networkName(publishing, network), id: network })
