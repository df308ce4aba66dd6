import type { MediaItemInput } from '#modules/content/media-items.ts'
import type { PostMediaView } from '#modules/content/views.ts'
import type { PlatformView } from '#modules/publishing/descriptor.ts'

// The editor's media strip as data, pure: its entries, what the save sends (content.setPostMedia's list)
// and the networks that take fewer items than a position (ADR 0061).

/** One thumbnail of the strip: a stored item (`id`) or a new upload (`fileKey`). `key` is the sortable id. */
export type StripEntry = {
	key: string
	id?: string
	fileKey?: string
	url: string
	kind: PostMediaView['kind']
	altText: string
	state: PostMediaView['state']
	/** What is known of the file (ADR 0065: what each network will receive); absent: not known. */
	width?: number | null
	height?: number | null
	contentType?: string | null
	sizeBytes?: number | null
}

export function entriesOf(media: ReadonlyArray<PostMediaView>): Array<StripEntry> {
	return media.map((m) => ({ key: m.id, id: m.id, url: m.url, kind: m.kind, altText: m.altText ?? '', state: m.state, width: m.width, height: m.height, contentType: m.contentType, sizeBytes: m.sizeBytes }))
}

/** The list the save sends: stored items by id, new ones by their upload's key, each with its alt text (images only). */
export function listOf(entries: ReadonlyArray<StripEntry>): Array<MediaItemInput> {
	return entries.map((entry) => {
		const ref = entry.id ? { id: entry.id } : { fileKey: entry.fileKey! }
		return entry.kind === 'image' ? { ...ref, altText: entry.altText.trim() || null } : ref
	})
}

/** The most items a network of the post takes in one post (its carousel's maximum, else one). */
function maxItemsOf(platform: Pick<PlatformView, 'media'>) {
	return platform.media.carousel?.maxItems ?? 1
}

/** The networks of the post that take fewer items than the one at `index` (0-based): their names and limits. */
export function networksWithout(index: number, platforms: ReadonlyArray<Pick<PlatformView, 'id' | 'name' | 'media'>>) {
	return platforms.filter((p) => maxItemsOf(p) < index + 1).map((p) => ({ network: p.name, max: maxItemsOf(p) }))
}

/** A position moved: the entries with the one at `from` now at `to`. */
export function moved<T>(list: ReadonlyArray<T>, from: number, to: number): Array<T> {
	const next = [...list]
	const [item] = next.splice(from, 1)
	if (item !== undefined) next.splice(to, 0, item)
	return next
}
