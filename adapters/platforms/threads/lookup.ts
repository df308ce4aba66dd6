import type { PublishContent, Published, PublishTarget } from '#modules/publishing/ports.ts'
import { str, type Json, type ThreadsClient } from './client.ts'

const MAX_PAGES = 5
// Our clock and Threads' may differ a little; a wider window only costs a few more rows.
const CLOCK_SLACK_MS = 2 * 60_000

const normalize = (text: unknown) => (typeof text === 'string' ? text.replace(/\r\n/g, '\n').trim() : '')

/**
 * The post among the account's threads since `since` with the same text (and kind: text, image, video or carousel).
 * With several equal posts the oldest one in the window is ours.
 */
export async function findByText(client: ThreadsClient, target: PublishTarget, content: PublishContent, since: Date): Promise<Published | null> {
	const wanted = normalize(content.text)
	const params = {
		fields: 'id,text,permalink,timestamp,media_type',
		since: String(Math.floor((since.getTime() - CLOCK_SLACK_MS) / 1000)),
		limit: '50',
	}
	let page: Json | null = await client.get([target.pageId, 'threads'], target.accessToken, params)
	let match: Published | null = null
	for (let n = 0; page && n < MAX_PAGES; n++) {
		for (const item of Array.isArray(page.data) ? (page.data as Array<Json>) : []) {
			const id = str(item.id)
			if (!id || normalize(item.text) !== wanted || !sameKind(item, content)) continue
			match = { externalId: id, url: str(item.permalink) }
		}
		page = await client.follow((page.paging as Json | undefined)?.next)
	}
	return match
}

function sameKind(item: Json, content: PublishContent) {
	if (typeof item.media_type !== 'string') return true
	const count = content.media.length
	const single = content.media[0]?.kind === 'video' ? 'VIDEO' : 'IMAGE'
	return item.media_type === (count > 1 ? 'CAROUSEL_ALBUM' : count === 1 ? single : 'TEXT_POST')
}

/** The permalink of a published thread; null when it cannot be read (the post exists either way). */
export async function permalinkOf(client: ThreadsClient, mediaId: string, token: string) {
	try {
		return str((await client.get([mediaId], token, { fields: 'id,permalink' })).permalink)
	} catch {
		return null
	}
}
