import { PlatformError, type PostedComment, type PublishTarget } from '#modules/publishing/ports.ts'
import type { Graph } from '../meta/graph.ts'

/**
 * The first comment under a published IG Media: POST /{ig-media-id}/comments with `message`
 * (instagram_manage_comments), answered `{ id }`. An IG Comment has no permalink of its own: no link.
 */
export async function commentOnPost(graph: Graph, target: PublishTarget, externalId: string, text: string): Promise<PostedComment> {
	const created = await graph.post<{ id?: string }>(`${externalId}/comments`, { message: text }, target.accessToken, { creates: true })
	if (!created.id) throw new PlatformError({ kind: 'unknown_outcome', code: 'transient', message: 'Graph answered the comment without an id' })
	return { externalId: created.id, url: null }
}
