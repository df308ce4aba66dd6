import { PlatformError, type PostedComment, type PublishTarget } from '#modules/publishing/ports.ts'
import type { Graph } from '../meta/graph.ts'

/**
 * The first comment under a page post: POST /{page-post-id}/comments with `message`, as the page (its
 * page token; pages_manage_engagement). Graph answers `{ id }` only; the Comment node's `permalink_url`
 * is read afterwards, and a failed read leaves the link out (the comment exists either way).
 */
export async function commentOnPost(graph: Graph, target: PublishTarget, externalId: string, text: string): Promise<PostedComment> {
	const created = await graph.post<{ id?: string }>(`${externalId}/comments`, { message: text }, target.accessToken, { creates: true })
	if (!created.id) throw new PlatformError({ kind: 'unknown_outcome', code: 'transient', message: 'Graph answered the comment without an id' })
	return { externalId: created.id, url: await permalinkOf(graph, target, created.id) }
}

async function permalinkOf(graph: Graph, target: PublishTarget, commentId: string) {
	try {
		return (await graph.get<{ permalink_url?: string }>(commentId, { fields: 'permalink_url' }, target.accessToken)).permalink_url ?? null
	} catch {
		return null
	}
}
