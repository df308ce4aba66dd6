import type { PublishHooks, PublishMedia, PublishTarget } from '#modules/publishing/ports.ts'
import { PlatformError } from '#modules/publishing/ports.ts'
import { altTextFor } from '#modules/publishing/publish-media.ts'
import type { Graph, GraphParams } from '../meta/graph.ts'
import { containerStatus, waitForContainer, type PollOptions } from './container.ts'
import { instagramDescriptor } from './descriptor.ts'

// The post's container (content publishing guide): one image container with its caption and alt_text,
// a single video as a Reel (media_type=REELS, video_url, share_to_feed=true, cover_url or thumb_offset;
// the reference names no alt_text for Reels, so none is sent), or for 2–10 items a container per item
// (images with is_carousel_item=true and alt_text, videos as media_type=VIDEO with is_carousel_item=true;
// no caption), each polled until FINISHED, then media_type=CAROUSEL with the children's ids in order and
// the caption. The AI info label (is_ai_generated=true) goes on the post's own container only: the single
// one or the carousel container, never an item (Instagram Platform changelog, 2026-06-22). Every id is
// checkpointed as Graph names it; a resend reuses the children while Graph still holds them.

type Context = { graph: Graph; target: PublishTarget; hooks: PublishHooks; poll: PollOptions }

/** A new container for `media` with `caption` (and the AI label when `aiGenerated`), checkpointed as `containerId` (a carousel's items first as `childIds`). */
export async function createContainer(ctx: Context, media: Array<PublishMedia>, caption: string, aiGenerated: boolean): Promise<string> {
	const label: GraphParams = aiGenerated ? { is_ai_generated: true } : {}
	const params = media.length === 1 ? { ...singleParams(media[0]!), caption, ...label } : { media_type: 'CAROUSEL', children: (await carouselItems(ctx, media)).join(','), caption, ...label }
	const containerId = await newContainer(ctx, params)
	await ctx.hooks.checkpoint({ containerId })
	return containerId
}

async function newContainer({ graph, target, hooks }: Context, params: GraphParams) {
	// A container is not a post: creating one twice only leaves an unused container behind.
	const container = await graph.post<{ id?: string }>(`${target.pageId}/media`, params, target.accessToken, { signal: hooks.signal })
	if (!container.id) throw new PlatformError({ kind: 'transient', code: 'transient', message: 'container created without an id' })
	return container.id
}

function imageParams(item: PublishMedia) {
	const altText = altTextFor(instagramDescriptor, item)
	return { image_url: item.url, ...(altText ? { alt_text: altText } : {}) }
}

/** A single item: an image, or a video as a Reel with its cover (the picked image, else the picked frame, else Instagram's own). */
function singleParams(item: PublishMedia): GraphParams {
	if (item.kind !== 'video') return imageParams(item)
	const cover = item.coverUrl ? { cover_url: item.coverUrl } : item.coverAtMs !== null ? { thumb_offset: Math.max(0, Math.round(item.coverAtMs)) } : {}
	return { media_type: 'REELS', video_url: item.url, share_to_feed: true, ...cover }
}

function itemParams(item: PublishMedia): GraphParams {
	if (item.kind !== 'video') return { ...imageParams(item), is_carousel_item: true }
	return { media_type: 'VIDEO', video_url: item.url, is_carousel_item: true }
}

/** The carousel's item containers in order, each FINISHED: the earlier attempt's while all are usable, else new ones. */
async function carouselItems(ctx: Context, media: Array<PublishMedia>): Promise<Array<string>> {
	const { graph, target, hooks } = ctx
	const earlier = hooks.previous?.childIds?.split(',') ?? []
	const reuse = earlier.length === media.length && (await allUsable(graph, target, earlier))
	const ids = reuse ? earlier : []
	if (!reuse) {
		for (const item of media) ids.push(await newContainer(ctx, itemParams(item)))
		await hooks.checkpoint({ childIds: ids.join(',') })
	}
	for (const [n, id] of ids.entries()) await finished(ctx, id, media[n]!.kind === 'video')
	return ids
}

async function allUsable(graph: Graph, target: PublishTarget, ids: Array<string>) {
	const states = await Promise.all(ids.map((id) => containerStatus(graph, id, target.accessToken).catch(() => null)))
	return states.every((state) => state === 'FINISHED' || state === 'IN_PROGRESS')
}

/** Waits until the item is FINISHED; an item is never published on its own, so PUBLISHED means it is not ours to use. */
async function finished({ graph, target, hooks, poll }: Context, id: string, video: boolean) {
	if ((await waitForContainer(graph, id, target.accessToken, poll, hooks.signal, video)) === 'FINISHED') return
	throw new PlatformError({ kind: 'transient', code: 'container_error', message: `carousel item ${id} is published, not FINISHED` })
}
