import { isRegistered, type Platform, type RegisteredPlatforms } from './platforms.ts'
import type { PostMediaView } from './views.ts'

// A post's images as rows of post_media (ADR 0053) and back, pure. The rows say what today's two
// fields said (migration 2026-12-03-0100 maps stored posts the same way):
// - `imageUrl`, the image of every network without one of its own: a row for every network (networks null), first;
// - each distinct image of `images`: one row naming the networks that take it, in the order of their first network;
// - a network whose `images` entry is '' gets no image: it is named in the post's networks_without_media.

/** An image of a post to write: its URL and the networks it is for (null: every network without one of its own). */
export type PostImageRow = { url: string; networks: Array<string> | null }

/** A stored row as the reads return it (JSON of post_media, in position order). */
export type PostMediaRow = {
	id: string
	kind: PostMediaView['kind']
	url: string
	networks: Array<string> | null
	alt_text: string | null
	ai_generated: boolean
	width: number | null
	height: number | null
	content_type: string | null
	size_bytes: number | string | null
	duration_ms: number | null
	pages: number | null
	cover_url: string | null
	cover_at_ms: number | null
	state: PostMediaView['state']
	/** Documents: the title the network shows (absent where a write did not return it). */
	title?: string | null
}

/** The rows and the networks without an image for a post's image (`imageUrl`, '' for none) and images per network. */
export function postImageRows(imageUrl: string | null, images: Partial<Record<string, string>>): { rows: Array<PostImageRow>; networksWithoutMedia: Array<string> } {
	const rows: Array<PostImageRow> = imageUrl ? [{ url: imageUrl, networks: null }] : []
	const byUrl = new Map<string, Array<string>>()
	const without: Array<string> = []
	for (const network of Object.keys(images).sort()) {
		const url = images[network]
		if (typeof url !== 'string') continue
		if (url === '') without.push(network)
		else byUrl.set(url, [...(byUrl.get(url) ?? []), network])
	}
	// Sorted networks, so each URL's first network orders the rows.
	for (const [url, networks] of byUrl) rows.push({ url, networks })
	return { rows, networksWithoutMedia: without }
}

/** A post's `imageUrl` and `images` as the rows give them (the inverse of postImageRows, registered networks only). */
export function imagesOfRows(registered: RegisteredPlatforms, rows: ReadonlyArray<Pick<PostMediaRow, 'url' | 'networks' | 'kind'>>, networksWithoutMedia: ReadonlyArray<string>) {
	const images: Partial<Record<Platform, string>> = {}
	let imageUrl: string | null = null
	for (const row of rows) {
		if (row.kind !== 'image') continue
		if (row.networks === null) imageUrl ??= row.url
		else for (const network of row.networks) if (isRegistered(registered, network) && images[network] === undefined) images[network] = row.url
	}
	for (const network of networksWithoutMedia) if (isRegistered(registered, network)) images[network] = ''
	return { imageUrl, images }
}

/** The post's media list as the web and the API read it. */
export function mediaViews(registered: RegisteredPlatforms, rows: ReadonlyArray<PostMediaRow>): Array<PostMediaView> {
	return rows.map((row) => ({
		id: row.id,
		kind: row.kind,
		url: row.url,
		networks: row.networks === null ? null : row.networks.filter((n) => isRegistered(registered, n)),
		altText: row.alt_text,
		aiGenerated: row.ai_generated,
		width: row.width,
		height: row.height,
		contentType: row.content_type ?? null,
		sizeBytes: row.size_bytes === null || row.size_bytes === undefined ? null : Number(row.size_bytes),
		durationMs: row.duration_ms ?? null,
		pages: row.pages ?? null,
		coverUrl: row.cover_url ?? null,
		coverAtMs: row.cover_at_ms ?? null,
		state: row.state ?? 'ready',
		title: row.title ?? null,
	}))
}
