import { z } from 'zod'
import { changePost, changeSchema } from '#app/server/api/v1/change-post.server.ts'
import { postDetail } from '#app/server/api/v1/posts.server.ts'
import { PostDetailSchema } from '#app/server/api/v1/schemas.ts'
import { defineTool, toolError, toolResult, type McpCall } from '../tool.server.ts'
import { refusalOf } from './refusals.server.ts'

// get_post, update_post and delete_post: GET, PATCH and DELETE /api/v1/posts/{id} as tools (the same
// functions, so the answers are the REST bodies; a refusal is the problem's German detail and code).

const idField = (call: McpCall) => z.uuid().describe(call.t('fields.postId'))

async function detailOrNotFound(call: McpCall, id: string) {
	const post = await postDetail(call.services, call.principal.user.id, id)
	return post ? toolResult(post) : toolError(call.t('errors.notFound'), { code: 'not_found' })
}

export const getPostTool = (call: McpCall) =>
	defineTool({
		name: 'get_post',
		scope: 'read',
		input: z.object({ id: idField(call) }),
		output: PostDetailSchema.shape,
		annotations: { readOnlyHint: true, openWorldHint: false },
		run: ({ id }, call) => detailOrNotFound(call, id),
	})

/** PATCH's body with the post's id; its checks (a change must name something, channel texts within channels) stay. */
function updateInput(call: McpCall) {
	const change = changeSchema(call.services.publishing.platforms.ids)
	return z.object({ id: idField(call), ...change.shape }).check(...((change.def.checks ?? []) as unknown as Array<z.core.$ZodCheck<z.output<typeof change>>>))
}

export const updatePostTool = (call: McpCall) =>
	defineTool({
		name: 'update_post',
		scope: 'posts',
		input: updateInput(call),
		output: PostDetailSchema.shape,
		annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
		async run({ id, ...change }, call) {
			const refused = await refusalOf(call, () => changePost(call.context, call.services, call.principal.user, id, change))
			return refused ?? detailOrNotFound(call, id)
		},
	})

export const deletePostTool = (call: McpCall) =>
	defineTool({
		name: 'delete_post',
		scope: 'posts',
		input: z.object({ id: idField(call) }),
		output: { deleted: z.literal(true), id: z.string(), kind: z.enum(['post', 'draft']) },
		annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
		async run({ id }, call) {
			const { content } = call.services
			const userId = call.principal.user.id
			const post = await content.deletePost(userId, id)
			if (post.ok) return toolResult({ deleted: true, id, kind: 'post' })
			// The ids list_posts names are drafts' too.
			if (post.error === 'not_found' && (await content.deleteDraft(userId, id)).ok) return toolResult({ deleted: true, id, kind: 'draft' })
			if (post.error === 'not_found') return toolError(call.t('errors.notFound'), { code: 'not_found' })
			return toolError(call.t('errors.deleteFailed'), { code: post.error })
		},
	})
