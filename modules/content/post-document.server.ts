import { sql } from 'kysely'
import type { Db, DbOrTrx, Trx } from '#modules/core/db.server.ts'
import type { FileStore } from '#modules/core/files.server.ts'
import type { Slide, SlideTheme } from '#modules/media/index.ts'
import type { Platform, RegisteredPlatforms } from './platforms.ts'
import type { PostView } from './views.ts'

// A post's LinkedIn-style document (ADR 0055 addendum): ONE post_media row of kind 'document' for the
// post's networks whose descriptor takes documents, made from slides (source 'slides', the slide texts
// kept for the next edit) or an uploaded PDF (source 'upload'). A new document replaces the earlier one.

/** What a network's descriptor says of documents (media.document), with its name for the German refusals. */
export type DocumentRule = { network: Platform; name: string; maxBytes: number; maxPages: number }

export type PostDocumentDeps = {
	db: Db
	files: FileStore
	platforms: RegisteredPlatforms
	/** The registered networks that take documents (read from their descriptors by the composition root). */
	documentRules: ReadonlyArray<DocumentRule>
	/** The brand's slide look (its default agent preset's branding and logo). */
	slideTheme: (userId: string, brandId: string) => Promise<SlideTheme>
}

export type PostDocumentView = {
	id: string
	url: string
	title: string
	pages: number
	sizeBytes: number
	source: 'slides' | 'upload'
	networks: Array<Platform>
	/** The slides it was rendered from; null for an uploaded PDF. */
	slides: Array<Slide> | null
}

export type DocumentError =
	| 'not_found'
	| 'published_locked'
	| 'no_document_network'
	| 'slide_too_long'
	| 'document_too_large'
	| 'document_too_many_pages'
	| 'document_unreadable'
	| 'request_conflict'

/** A refusal with the figures its German message names: the slide (1-based), or the document's size or pages and the network's limit. */
export type DocumentRefusal = { ok: false; error: DocumentError; slide?: number; size?: number; pages?: number; limit?: number; network?: string }

export type DocumentResult = { ok: true; document: PostDocumentView } | DocumentRefusal

/** The rules of the post's networks that take documents, in the registry's order. */
export const documentRulesOf = (post: Pick<PostView, 'platforms'>, rules: ReadonlyArray<DocumentRule>) => rules.filter((rule) => post.platforms.includes(rule.network))

/** Whether a document with these figures may go to every one of `rules`; the first broken limit otherwise. */
export function documentLimitRefusal(rules: ReadonlyArray<DocumentRule>, sizeBytes: number, pages: number): DocumentRefusal | null {
	const bySize = rules.find((rule) => sizeBytes > rule.maxBytes)
	if (bySize) return { ok: false, error: 'document_too_large', size: sizeBytes, limit: bySize.maxBytes, network: bySize.name }
	const byPages = rules.find((rule) => pages > rule.maxPages)
	if (byPages) return { ok: false, error: 'document_too_many_pages', pages, limit: byPages.maxPages, network: byPages.name }
	return null
}

export type NewDocument = Omit<PostDocumentView, 'id'> & { postId: string; fileKey: string }

/**
 * Writes the post's document row after its other items, in the caller's transaction; the earlier
 * document of the post goes in the same statement. Returns the row and the file keys of replaced
 * slide decks (ours to delete once committed; an uploaded PDF stays with its upload).
 */
export async function writePostDocument(trx: Trx, document: NewDocument) {
	const { rows } = await sql<{ id: string; replaced: Array<string> | null }>`
		with gone as (delete from post_media where post_id = ${document.postId} and kind = 'document' returning file_key, source, position),
		next as (
			select coalesce(max(m.position) + 1, 0) as position from post_media m
			where m.post_id = ${document.postId} and m.position not in (select position from gone))
		insert into post_media (post_id, user_id, brand_id, position, kind, url, file_key, content_type, size_bytes, pages, title, source, networks, slides)
		select p.id, p.user_id, p.brand_id, next.position, 'document', ${document.url}, ${document.fileKey}, 'application/pdf', ${document.sizeBytes}, ${document.pages},
			${document.title}, ${document.source}, ${document.networks}::text[], ${document.slides ? JSON.stringify(document.slides) : null}::jsonb
		from posts p cross join next
		where p.id = ${document.postId}
		returning id, (select array_agg(file_key) from gone where source = 'slides' and file_key is not null) as replaced`.execute(trx)
	const row = rows[0]!
	return { view: { ...viewOf(document), id: row.id }, replaced: row.replaced ?? [] }
}

const viewOf = ({ url, title, pages, sizeBytes, source, networks, slides }: NewDocument): Omit<PostDocumentView, 'id'> => ({ url, title, pages, sizeBytes, source, networks, slides })

/** The post's document as the editor shows it, or null (none, or another user's post). */
export async function readPostDocument(db: DbOrTrx, userId: string, postId: string): Promise<PostDocumentView | null> {
	const row = await db
		.selectFrom('post_media')
		.select(['id', 'url', 'title', 'pages', 'size_bytes', 'source', 'networks', 'slides'])
		.where('user_id', '=', userId)
		.where('post_id', '=', postId)
		.where('kind', '=', 'document')
		.orderBy('position')
		.executeTakeFirst()
	if (!row) return null
	return {
		id: row.id,
		url: row.url,
		title: row.title ?? '',
		pages: row.pages ?? 0,
		sizeBytes: Number(row.size_bytes ?? 0),
		source: row.source === 'slides' ? 'slides' : 'upload',
		networks: row.networks ?? [],
		slides: Array.isArray(row.slides) ? (row.slides as Array<Slide>) : null,
	}
}
