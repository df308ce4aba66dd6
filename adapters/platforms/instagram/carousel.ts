import type { PublishHooks, PublishMedia, PublishTarget } from '#modules/publishing/ports.ts'
import { PlatformError } from '#modules/publishing/ports.ts'
import { altTextFor } from '#modules/publishing/publish-media.ts'
import type { Graph } from '../meta/graph.ts'
import { containerStatus, waitForContainer, type PollOptions } from './container.ts'
import { instagramDescriptor } from './descriptor.ts'

// The post's container (content publishing guide): one image container with its caption and alt_text,
// or for 2–10 images a container per image (is_carousel_item=true, alt_text, no caption), each polled
// until FINISHED, then media_type=CAROUSEL with the children's ids in order and the caption. Every id is
// checkpointed as Graph names it; a resend reuses the children while Graph still holds them.

type Context = { graph: Graph; target: PublishTarget; hooks: PublishHooks; poll: PollOptions }

/** A new container for `media` with `caption`, checkpointed as `containerId` (a carousel's items first as `childIds`). */
export async function createContainer(ctx: Context, media: Array<PublishMedia>, caption: string): Promise<string> {
	const params = media.length === 1 ? imageParams(media[0]!, { caption }) : { media_type: 'CAROUSEL', children: (await carouselItems(ctx, media)).join(','), caption }
	const containerId = await newContainer(ctx, params)
	await ctx.hooks.checkpoint({ containerId })
	return containerId
}

async function newContainer({ graph, target, hooks }: Context, params: Record<string, string | boolean>) {
	// A container is not a post: creating one twice only leaves an unused container behind.
	const container = await graph.post<{ id?: string }>(`${target.pageId}/media`, params, target.accessToken, { signal: hooks.signal })
	if (!container.id) throw new PlatformError({ kind: 'transient', code: 'transient', message: 'container created without an id' })
	return container.id
}

function imageParams(item: PublishMedia, extra: Record<string, string | boolean>) {
	const altText = altTextFor(instagramDescriptor, item)
	return { image_url: item.url, ...(altText ? { alt_text: altText } : {}), ...extra }
}

/** The carousel's item containers in order, each FINISHED: the earlier attempt's while all are usable, else new ones. */
async function carouselItems(ctx: Context, media: Array<PublishMedia>): Promise<Array<string>> {
	const { graph, target, hooks } = ctx
	const earlier = hooks.previous?.childIds?.split(',') ?? []
	const reuse = earlier.length === media.length && (await allUsable(graph, target, earlier))
	const ids = reuse ? earlier : []
	if (!reuse) {
		for (const item of media) ids.push(await newContainer(ctx, imageParams(item, { is_carousel_item: true })))
		await hooks.checkpoint({ childIds: ids.join(',') })
	}
	for (const id of ids) await finished(ctx, id)
	return ids
}

async function allUsable(graph: Graph, target: PublishTarget, ids: Array<string>) {
	const states = await Promise.all(ids.map((id) => containerStatus(graph, id, target.accessToken).catch(() => null)))
	return states.every((state) => state === 'FINISHED' || state === 'IN_PROGRESS')
}

/** Waits until the item is FINISHED; an item is never published on its own, so PUBLISHED means it is not ours to use. */
async function finished({ graph, target, hooks, poll }: Context, id: string) {
	if ((await waitForContainer(graph, id, target.accessToken, poll, hooks.signal)) === 'FINISHED') return
	throw new PlatformError({ kind: 'transient', code: 'container_error', message: `carousel item ${id} is published, not FINISHED` })
}
