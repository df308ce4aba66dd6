import { postCheckSchema, PostCheckSchema } from '#app/server/api/v1/validate.server.ts'
import { validatePost } from '#modules/posting/index.ts'
import { defineTool, toolResult, type McpCall } from '../tool.server.ts'

/** validate_post: POST /api/v1/posts/validate as a tool: a dry run of create_post with the networks' and channels' German reasons. */
export const validatePostTool = (call: McpCall) =>
	defineTool({
		name: 'validate_post',
		scope: 'posts',
		input: postCheckSchema(call.services.publishing.platforms.ids),
		output: PostCheckSchema.shape,
		annotations: { readOnlyHint: true, openWorldHint: false },
		async run(args, { services, principal }) {
			return toolResult(await validatePost(services, principal.user, args))
		},
	})
