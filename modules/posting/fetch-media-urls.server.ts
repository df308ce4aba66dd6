import type { MediaItemInput } from '#modules/content/media-items.ts'
import type { UrlImportOutcome } from '#modules/media/index.ts'
import type { Services } from '#modules/services.ts'

// Media by URL on the REST API and MCP (ADR 0072 "Media by URL"): each https item of a post's media
// list is fetched now through the SSRF-safe fetcher and stored as the user's upload (media.importUrl);
// the list then names the stored key, so the networks' preflight sees the real file.

export type MediaUrlRefusal = UrlImportOutcome & { ok: false }

export type FetchMediaUrlsResult<T> = { ok: true; media: Array<T> } | { ok: false; index: number; refusal: MediaUrlRefusal }

const isRemote = (url: string) => /^https:\/\//i.test(url)

/**
 * The list with each https `url` replaced by the stored upload's `fileKey`, in order; the first
 * refused item stops it. `itemRequestId`: the request id each item is stored once under.
 */
export async function fetchMediaUrls<T extends MediaItemInput>(services: Pick<Services, 'media'>, userId: string, media: Array<T>, itemRequestId: (index: number) => string): Promise<FetchMediaUrlsResult<T>> {
	const fetched: Array<T> = []
	for (const [index, item] of media.entries()) {
		if (!item.url || !isRemote(item.url)) {
			fetched.push(item)
			continue
		}
		const outcome = await services.media.importUrl(userId, itemRequestId(index), item.url)
		if (!outcome.ok) return { ok: false, index, refusal: outcome }
		const { url: _url, ...rest } = item
		fetched.push({ ...rest, fileKey: outcome.media.key } as T)
	}
	return { ok: true, media: fetched }
}
