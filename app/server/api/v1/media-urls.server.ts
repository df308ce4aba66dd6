import type { RouterContextProvider } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'
import type { MediaItemInput } from '#modules/content/media-items.ts'
import type { UrlImportOutcome } from '#modules/media/index.ts'
import type { Services } from '#modules/services.ts'
import { problem } from '../problem.server.ts'
import { uuidFrom } from '../request.server.ts'

// Media by URL on POST/PATCH /posts and MCP create_post/update_post (ADR 0072 "Media by URL"): each
// https item is fetched now through the SSRF-safe fetcher and stored as the user's upload; the post
// then names the stored key. A refusal is a 400 field error on the item's url (a tool error on MCP).

const isRemote = (url: string) => /^https:\/\//i.test(url)

/** The item's url becomes the stored upload's key; a thrown 400 problem names the first item refused. */
export async function importMediaUrls<T extends MediaItemInput>(context: Readonly<RouterContextProvider>, services: Pick<Services, 'media'>, userId: string, requestId: string, media: Array<T>): Promise<Array<T>> {
	const imported: Array<T> = []
	for (const [index, item] of media.entries()) {
		if (!item.url || !isRemote(item.url)) {
			imported.push(item)
			continue
		}
		const outcome = await services.media.importUrl(userId, uuidFrom(`${requestId}:media-url:${index}`), item.url)
		if (!outcome.ok) throw problem(context, 400, 'invalid_request', { errors: [{ field: `media.${index}.url`, message: refusalMessage(context, outcome) }] })
		const { url: _url, ...rest } = item
		imported.push({ ...rest, fileKey: outcome.media.key } as T)
	}
	return imported
}

function refusalMessage(context: Readonly<RouterContextProvider>, outcome: UrlImportOutcome & { ok: false }) {
	const t = getInstance(context).t
	switch (outcome.code) {
		case 'url_blocked':
			return t('api:mediaUrl.blocked')
		case 'url_unreachable':
		case 'upload_aborted':
			return t('api:mediaUrl.unreachable')
		case 'url_too_large':
			return t('api:mediaUrl.tooLarge')
		case 'image_too_large':
		case 'video_too_large':
		case 'pdf_too_large':
			return outcome.maxBytes ? t('api:mediaUrl.tooLargeMb', { mb: Math.round(outcome.maxBytes / 1024 / 1024) }) : t('api:mediaUrl.tooLarge')
		case 'request_conflict':
			return t('api:mediaUrl.conflict')
		case 'upload_empty':
		case 'media_type':
		case 'image_type':
		case 'video_unreadable':
			return t('api:mediaUrl.type')
	}
}
