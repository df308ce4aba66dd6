import type { Platform } from '#modules/content/index.ts'
import type { PublishingService } from '#modules/publishing/index.ts'
import { chooseFrom } from './choose-channels.server.ts'
import type { CreatorPost } from './creator-post.ts'

// The creator's channel step on the server (issue 38, item 3): the channel ids the form names must be
// the user's and of one brand (chooseFrom, German reasons). Their networks become the post's networks
// (the texts and images stay per network) and their brand the post's brand.

export type CreatorRequest = Omit<CreatorPost, 'channels'> & { channelIds: ReadonlyArray<string> }

export type CreatorChannelsResult = { ok: true; post: CreatorPost } | { ok: false; reasons: Array<string> }

type Publishing = Pick<PublishingService, 'listChannels' | 'platforms'>

const only = <T>(map: Partial<Record<Platform, T>>, platforms: ReadonlyArray<Platform>) => Object.fromEntries(platforms.flatMap((p) => (map[p] === undefined ? [] : [[p, map[p]]]))) as Partial<Record<Platform, T>>

export async function chooseCreatorChannels(publishing: Publishing, userId: string, request: CreatorRequest): Promise<CreatorChannelsResult> {
	const { channelIds, ...post } = request
	// Without channels each network goes to its brand's default channel; an opened post keeps the channels it was planned for.
	// (The form keeps channel texts only for the channels it names: none without channels, an opened post's own.)
	if (channelIds.length === 0 || post.editing?.kind === 'post') return { ok: true, post }
	const owned = await publishing.listChannels(userId)
	const choice = chooseFrom(publishing, owned, { channels: channelIds })
	if (!choice.ok) return choice
	const byId = new Map(owned.map((c) => [c.id, c]))
	const channels = (choice.channelIds ?? []).map((id) => ({ id, platform: byId.get(id)!.platform }))
	const platforms = choice.networks
	// A text of its own only for a chosen channel.
	const channelTexts = Object.fromEntries(Object.entries(post.channelTexts ?? {}).filter(([id]) => choice.channelIds?.includes(id)))
	return { ok: true, post: { ...post, platforms, texts: only(post.texts, platforms), firstComments: only(post.firstComments ?? {}, platforms), images: only(post.images, platforms), channels, channelTexts, brandId: choice.brandId } }
}
