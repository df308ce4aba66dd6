import type { Platform } from '#modules/content/platforms.ts'
import type { ChannelView } from '#modules/publishing/index.ts'
import type { CreatorState } from './types.ts'

// The channel step's choice, pure: which channels the step lists, their groups, and what a click
// makes of the chosen ids. The ids are kept in the listed order (networks in the registry's order),
// so the post's networks, texts and deliveries come in that order too.

type Channel = Pick<ChannelView, 'id' | 'platform' | 'brandId' | 'problem'>

/** The channels of one brand (all when null) on registered networks, in the registry's order. */
export function brandChannels<C extends Channel>(channels: ReadonlyArray<C>, brandId: string | null, order: ReadonlyArray<Platform>): Array<C> {
	const mine = channels.filter((c) => (brandId === null || c.brandId === brandId) && order.includes(c.platform))
	return order.flatMap((platform) => mine.filter((c) => c.platform === platform))
}

/** The listed channels by network, in the registry's order. */
export function channelsByNetwork<C extends Channel>(channels: ReadonlyArray<C>, order: ReadonlyArray<Platform>): Array<{ platform: Platform; channels: Array<C> }> {
	return order.flatMap((platform) => {
		const group = channels.filter((c) => c.platform === platform)
		return group.length ? [{ platform, channels: group }] : []
	})
}

const inOrder = (channels: ReadonlyArray<Channel>, ids: ReadonlySet<string>) => channels.filter((c) => ids.has(c.id)).map((c) => c.id)

/** The chosen ids still listed (a channel moved to another brand or disconnected drops out). */
export const listedChoice = (channels: ReadonlyArray<Channel>, ids: ReadonlyArray<string>) => inOrder(channels, new Set(ids))

/** One channel chosen or cleared. */
export function toggleChannel(channels: ReadonlyArray<Channel>, ids: ReadonlyArray<string>, id: string): Array<string> {
	const next = new Set(ids)
	if (next.has(id)) next.delete(id)
	else next.add(id)
	return inOrder(channels, next)
}

/** 'Alle' of a network: every selectable channel of it chosen (`on`), else all of its channels cleared. */
export function toggleAll(channels: ReadonlyArray<Channel>, ids: ReadonlyArray<string>, platform: Platform, on: boolean): Array<string> {
	const next = new Set(ids)
	for (const channel of channels) {
		if (channel.platform !== platform) continue
		if (!on) next.delete(channel.id)
		else if (!channel.problem) next.add(channel.id)
	}
	return inOrder(channels, next)
}

/** The networks of the chosen channels (their texts and images are made), in the listed order. */
export function networksOf(channels: ReadonlyArray<Channel>, ids: ReadonlyArray<string>): Array<Platform> {
	const chosen = new Set(ids)
	return [...new Set(channels.filter((c) => chosen.has(c.id)).map((c) => c.platform))]
}

/**
 * The state as the channel step sees it: only listed channels chosen and, until the texts are made,
 * their networks as the chosen networks (an entry point's or another brand's networks are not
 * preselected). Without listed channels (none connected) the networks are chosen directly.
 */
export function targetView(state: CreatorState, listed: ReadonlyArray<Channel>): CreatorState {
	if (listed.length === 0) return state
	const selectedChannels = listedChoice(listed, state.selectedChannels)
	if (state.currentStep === 'preview') return { ...state, selectedChannels }
	return { ...state, selectedChannels, selectedPlatforms: networksOf(listed, selectedChannels) }
}
