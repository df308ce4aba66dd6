import type { RouterContextProvider } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'
import type { MediaItemInput } from '#modules/content/media-items.ts'
import { fetchMediaUrls, type MediaUrlRefusal } from '#modules/posting/index.ts'
import type { Services } from '#modules/services.ts'
import { problem } from '../problem.server.ts'
import { uuidFrom } from '../request.server.ts'

// Media by URL on POST/PATCH /posts and MCP create_post/update_post (ADR 0072 "Media by URL"): the
// fetched list (modules/posting's fetchMediaUrls), or a thrown 400 problem with a German field error on
// the refused item's url (a tool error on MCP, through refusalOf).

/** The list naming stored uploads instead of https URLs; throws the refusal as a problem response. */
export async function withFetchedMedia<T extends MediaItemInput>(context: Readonly<RouterContextProvider>, services: Services, userId: string, requestId: string, media: Array<T>): Promise<Array<T>> {
	const result = await fetchMediaUrls(services, userId, media, (index) => uuidFrom(`${requestId}:media-url:${index}`))
	if (result.ok) return result.media
	throw problem(context, 400, 'invalid_request', { errors: [{ field: `media.${result.index}.url`, message: refusalMessage(context, result.refusal) }] })
}

function refusalMessage(context: Readonly<RouterContextProvider>, outcome: MediaUrlRefusal) {
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
