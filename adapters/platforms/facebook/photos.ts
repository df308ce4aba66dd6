import { PlatformError, type PublishHooks, type PublishMedia, type PublishTarget } from '#modules/publishing/ports.ts'
import type { Graph } from '../meta/graph.ts'

// Several photos in one page post (Pages API, multi-photo posts): each photo uploaded with
// published=false, then one /feed post with attached_media[n]={"media_fbid": id} in the post's order.
// An unpublished photo is not a post: uploading it again after a crash only leaves one unused. The
// ids are checkpointed as photoIds before the feed post and reused by a resend.

type Context = { graph: Graph; target: PublishTarget; hooks: PublishHooks }

export async function unpublishedPhotos({ graph, target, hooks }: Context, media: Array<PublishMedia>): Promise<Array<string>> {
	const earlier = hooks.previous?.photoIds?.split(',') ?? []
	if (earlier.length === media.length) return earlier
	const ids: Array<string> = []
	for (const item of media) {
		const photo = await graph.post<{ id?: string }>(`${target.pageId}/photos`, { url: item.url, published: false }, target.accessToken, { signal: hooks.signal })
		if (!photo.id) throw new PlatformError({ kind: 'transient', code: 'transient', message: 'Graph answered the photo upload without an id' })
		ids.push(photo.id)
	}
	await hooks.checkpoint({ photoIds: ids.join(',') })
	return ids
}

/** attached_media[0], attached_media[1], …: the form fields Graph reads the photos from. */
export function attachedMedia(photoIds: Array<string>) {
	return Object.fromEntries(photoIds.map((id, n) => [`attached_media[${n}]`, JSON.stringify({ media_fbid: id })]))
}
