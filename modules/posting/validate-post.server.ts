import type { CurrentUser } from '#modules/accounts/index.ts'
import { contentTypeOfKey } from '#modules/core/files.server.ts'
import type { Platform, PostMediaView } from '#modules/content/index.ts'
import type { MediaItemInput } from '#modules/content/media-items.ts'
import { serializeContent } from '#modules/content/post-content.ts'
import type { Services } from '#modules/services.ts'
import { chooseChannels, missingText } from './choose-channels.server.ts'
import { postContentOf, type NewPostRequest } from './post-request.ts'

// 'Would this post go through?' without saving it (MCP validate_post, POST /api/v1/posts/validate):
// the channel choice and the planning preflight planPost's content calls run (each channel's network
// rules on its text, first comment and media; a connected account, its scopes, the posting quota),
// at the time asked for. Nothing is written.

export type PostCheckRequest = Omit<NewPostRequest, 'schedule'> & { schedule?: NewPostRequest['schedule'] }

export type PostCheck = {
	/** True: planning it as given would not be refused by a network or a channel. */
	valid: boolean
	networks: Array<Platform>
	/** The channels it would go to (null: each network's default channel). */
	channels: Array<string> | null
	/** German reasons, each naming its network or channel; empty when valid. */
	reasons: Array<string>
}

const refused = (reasons: Array<string>, networks: Array<Platform> = []): PostCheck => ({ valid: false, networks, channels: null, reasons })

/** A media item not stored yet as the preflight reads it (its kind from the upload's key; an https image by its URL). */
function mediaFacts(items: ReadonlyArray<MediaItemInput>): Array<PostMediaView> {
	return items.flatMap((item, position) => {
		const url = item.fileKey ? `/media/${item.fileKey}` : item.url
		if (!url) return []
		const type = item.fileKey ? contentTypeOfKey(item.fileKey) : null
		const kind = type?.startsWith('video/') ? 'video' : type === 'application/pdf' ? 'document' : 'image'
		const view: PostMediaView = { id: `new-${position}`, kind, url, networks: item.networks ?? null, altText: item.altText ?? null, aiGenerated: false, width: null, height: null, contentType: type, sizeBytes: null, durationMs: null, pages: null, coverUrl: null, coverAtMs: null, state: 'ready', title: null }
		return [view]
	})
}

/** When the check assumes the post goes out: its time, the next free suggested one, or now. */
async function plannedAt(services: Pick<Services, 'content'>, user: Pick<CurrentUser, 'id' | 'timeZone'>, schedule: PostCheckRequest['schedule']) {
	if (schedule?.type === 'at') return new Date(schedule.at)
	if (schedule?.type === 'next_slot') {
		const [slot] = await services.content.freeSlots(user.id, user.timeZone, 1)
		if (slot) return new Date(slot.at)
	}
	return new Date()
}

export async function validatePost(services: Pick<Services, 'content' | 'publishing'>, user: Pick<CurrentUser, 'id' | 'timeZone'>, request: PostCheckRequest): Promise<PostCheck> {
	const choice = await chooseChannels(services.publishing, user.id, request)
	if (!choice.ok) return refused(choice.reasons)
	const { networks } = choice
	const untexted = networks.filter((n) => !(request.texts?.[n] ?? request.text))
	if (untexted.length) return refused(untexted.map((n) => missingText(services.publishing, n)), networks)
	const media = request.media ? mediaFacts(request.media) : request.imageUrl ? mediaFacts([{ url: request.imageUrl }]) : []
	const post = { content: serializeContent(postContentOf({ ...request, networks })), imageUrl: request.imageUrl ?? null, images: {}, media }
	const at = await plannedAt(services, user, request.schedule)
	const [reasons = []] = await services.publishing.planningRowProblems(user.id, [{ platforms: networks, ...(choice.channelIds ? { channelIds: choice.channelIds, brandId: choice.brandId } : {}), at, post }])
	return { valid: reasons.length === 0, networks, channels: choice.channelIds ?? null, reasons }
}
