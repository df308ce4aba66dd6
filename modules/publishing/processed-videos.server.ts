import type { DbOrTrx } from '#modules/core/db.server.ts'
import { processedMediaOf, type ProcessedMedia } from '#modules/media/index.ts'

// A post's video is sent as the variant the media_process job made of the upload (ADR 0059): H.264/AAC
// with its index first, within every network's limits, with its cover. Until the job has made it, the
// item is not ready; the variant's figures (duration, size) are what the preflight judges.

type VideoItem = { kind: string; url: string; state: 'processing' | 'ready' | 'failed'; coverUrl: string | null; durationMs: number | null; width: number | null; height: number | null; contentType: string | null }

const MEDIA_PREFIX = '/media/'

/** The stored file's key behind a post item's URL (/media/<key>), or null for another address. */
const fileKeyOf = (url: string) => (url.startsWith(MEDIA_PREFIX) ? decodeURIComponent(url.slice(MEDIA_PREFIX.length)) : null)

/** What the job made of the videos among `items` (the user's own uploads only), by upload key; one read, none without videos. */
export async function processedVideos(db: DbOrTrx, userId: string, items: ReadonlyArray<{ kind: string; url: string }>): Promise<Map<string, ProcessedMedia>> {
	const keys = items.flatMap((item) => (item.kind === 'video' ? [fileKeyOf(item.url)] : [])).filter((key): key is string => key !== null)
	if (keys.length === 0) return new Map()
	return new Map((await processedMediaOf(db, userId, keys)).map((processed) => [processed.key, processed]))
}

/** The item as it goes out: a video by its variant, its state the job's, its figures the variant's; anything else as it is. */
export function withVariant<T extends VideoItem>(item: T, processed: ReadonlyMap<string, ProcessedMedia>): T {
	if (item.kind !== 'video') return item
	const key = fileKeyOf(item.url)
	const made = key === null ? undefined : processed.get(key)
	if (!made) return item
	const state = item.state === 'ready' ? made.state : item.state
	if (state !== 'ready' || !made.variantUrl) return { ...item, state: state === 'ready' ? 'processing' : state }
	return {
		...item,
		url: made.variantUrl,
		state,
		coverUrl: item.coverUrl ?? made.coverUrl,
		durationMs: made.durationMs ?? item.durationMs,
		width: made.width ?? item.width,
		height: made.height ?? item.height,
		contentType: 'video/mp4',
	}
}
