import type { PublishContent, PublishHooks, PublishMedia, PublishTarget } from '#modules/publishing/ports.ts'
import { altTextFor, checkedMedia } from '#modules/publishing/publish-media.ts'
import { str, type ThreadsClient } from './client.ts'
import { threadsDescriptor } from './descriptor.ts'
import { badResponse } from './errors.ts'

// The post's container (Threads API, posts and carousel posts): TEXT, or IMAGE or VIDEO (video_url)
// with its alt_text, or for 2–20 items an IMAGE or VIDEO container per item (is_carousel_item=true,
// alt_text), each waited for until FINISHED, then media_type=CAROUSEL with the children's ids in order
// and the text. Item ids are checkpointed as childIds before the carousel container is made; a resend
// reuses them while they last. Threads documents no AI label for posts: none is sent.

type Context = {
	client: ThreadsClient
	target: PublishTarget
	hooks: PublishHooks
	/** Waits until the container is FINISHED (throws otherwise; `video`: an ERROR is the video's). */
	waitUntilFinished: (containerId: string, video: boolean) => Promise<void>
	/** The container's status, or null when it cannot be read. */
	statusOf: (containerId: string) => Promise<string | null>
}

/** A new container for the content, checkpointed as `containerId`. */
export async function createContainer(ctx: Context, content: PublishContent): Promise<string> {
	const media = checkedMedia(threadsDescriptor, content)
	const text = content.text || null
	const params: Record<string, string | null> =
		media.length === 0
			? { media_type: 'TEXT', text: content.text }
			: media.length === 1
				? { ...itemParams(media[0]!), text }
				: { media_type: 'CAROUSEL', children: (await carouselItems(ctx, media)).join(','), text }
	const containerId = await newContainer(ctx, params)
	await ctx.hooks.checkpoint({ containerId })
	return containerId
}

async function newContainer({ client, target, hooks }: Context, params: Record<string, string | null>) {
	// A container is invisible until published, so creating one twice is harmless.
	const container = await client.post([target.pageId, 'threads'], target.accessToken, params, { signal: hooks.signal })
	const id = str(container.id)
	if (!id) throw badResponse('container without id')
	return id
}

function itemParams(item: PublishMedia): Record<string, string | null> {
	const altText = altTextFor(threadsDescriptor, item)
	if (item.kind === 'video') return { media_type: 'VIDEO', video_url: item.url, alt_text: altText }
	return { media_type: 'IMAGE', image_url: item.url, alt_text: altText }
}

/** The carousel's item containers in order, each FINISHED: the earlier attempt's while all can still be used, else new ones. */
async function carouselItems(ctx: Context, media: Array<PublishMedia>): Promise<Array<string>> {
	const earlier = ctx.hooks.previous?.childIds?.split(',') ?? []
	const states = earlier.length === media.length ? await Promise.all(earlier.map(ctx.statusOf)) : []
	const reuse = states.length > 0 && states.every((state) => state === 'FINISHED' || state === 'IN_PROGRESS')
	const ids = reuse ? earlier : []
	if (!reuse) {
		for (const item of media) ids.push(await newContainer(ctx, { ...itemParams(item), is_carousel_item: 'true' }))
		await ctx.hooks.checkpoint({ childIds: ids.join(',') })
	}
	for (const [n, id] of ids.entries()) await ctx.waitUntilFinished(id, media[n]!.kind === 'video')
	return ids
}
