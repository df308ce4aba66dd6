import { z } from 'zod'
import { ChannelIdsSchema, draftPost, newPostSchema, planPost, PostScheduleSchema, retargetPost, type ChannelRefusal, type NewPostRequest } from '#modules/posting/index.ts'
import { contentErrorMessage } from '#app/server/content-messages.server.ts'
import { draftTargets, postTargets, preflightRefusal } from '#app/server/preflight.server.ts'
import type { ContentError, ContentResult, PostView } from '#modules/content/index.ts'
import { fromInstant } from '#modules/scheduling/index.ts'
import { parseContent } from '#modules/content/post-content.ts'
import { MAX_TEXT } from '#modules/content/schema.ts'
import { withFetchedMedia } from '#app/server/api/v1/media-urls.server.ts'
import { refusalOf } from './refusals.server.ts'
import { defineTool, mcpRequestId, toolError, toolResult, type McpCall } from '../tool.server.ts'
import { DraftOut, messageAndPost, PostOut } from '../outputs.server.ts'
import { draftOut, postOut } from './post-views.server.ts'

// create_post, schedule_post and publish_post: the creator's and 'Meine Posts'' service calls
// (the planning preflight, once per request id) with the origin 'mcp'.

/** A refused content call: the networks' reasons for a preflight, the channels' for a foreign or unknown one, else the app's German message. */
function refused(call: McpCall, result: { error: ContentError; reasons?: Array<string> } | ChannelRefusal, fallback: string) {
	if (result.error === 'invalid_channel') return toolError([call.t('errors.channels'), ...result.reasons.map((r) => `- ${r}`)].join('\n'), { code: 'invalid_channel', reasons: result.reasons })
	if (result.error === 'preflight' && result.reasons?.length) return toolError([call.t('errors.refused'), ...result.reasons.map((r) => `- ${r}`)].join('\n'), { code: 'preflight', reasons: result.reasons })
	// Not the pages' "try again": the same requestId would only be refused again.
	if (result.error === 'request_conflict') return toolError(call.t('errors.requestConflict'), { code: 'request_conflict' })
	// A scheduling refusal's error names its text's key: programs read the REST API's code instead.
	const code = result.error.startsWith('schedule:') ? 'invalid_schedule' : result.error
	return toolError(contentErrorMessage(call.context, result.error, fallback, result.reasons), { code })
}

/** A post on its way now, with its networks' states (its status reads 'publishing'). */
async function publishing(call: McpCall, post: PostView, count: number) {
	const states = await call.services.publishing.deliveryStates(call.principal.user.id, [post.id])
	return toolResult({ message: call.t('messages.publishing', { count }), post: postOut(post, states[post.id] ?? []) })
}

function planned(call: McpCall, result: ContentResult<{ post: PostView }> | ChannelRefusal, fallback: string) {
	if (!result.ok) return refused(call, result, fallback)
	const when = result.post.scheduledAt ? new Date(result.post.scheduledAt).toLocaleString('de-CH', { timeZone: result.post.timeZone, dateStyle: 'full', timeStyle: 'short' }) : ''
	return toolResult({ message: call.t('messages.scheduled', { when }), post: postOut(result.post) })
}

const requestIdField = (call: McpCall) => z.uuid().optional().describe(call.t('fields.requestId'))

/** The REST API's new post (the same fields and check that each network has a text), with a draft instead of a schedule. */
function createPostInput(call: McpCall) {
	const post = newPostSchema(call.services.publishing.platforms.ids)
	return z
		.object({
			...post.shape,
			schedule: PostScheduleSchema.optional(),
			draft: z.boolean().default(false).describe(call.t('fields.draft')),
			requestId: requestIdField(call),
		})
		.check(...((post.def.checks ?? []) as unknown as Array<z.core.$ZodCheck<Pick<NewPostRequest, 'networks' | 'channels' | 'text' | 'texts' | 'channelTexts' | 'firstComment'>>>))
}

export const createPostTool = (call: McpCall) =>
	defineTool({
		name: 'create_post',
		scope: 'posts',
		input: createPostInput(call),
		output: { message: z.string(), post: PostOut.optional(), draft: DraftOut.optional() },
		annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
		async run(args, call) {
			const { services, principal, t } = call
			const requestId = mcpRequestId(principal, args.requestId)
			// Media by URL is fetched and stored now (ADR 0072); a refused URL is the tool's error and nothing is saved.
			let media = args.media
			const importRefused = await refusalOf(call, async () => {
				if (media) media = await withFetchedMedia(call.context, services, principal.user.id, requestId, media)
				return null
			})
			if (importRefused) return importRefused
			args = { ...args, ...(media ? { media } : {}) }
			if (args.draft) {
				if (args.schedule) return toolError(t('errors.draftNeedsNoSchedule'))
				const created = await draftPost(services, principal.user, args, 'mcp', requestId)
				if (!created.ok) return refused(call, created, t('errors.createFailed'))
				return toolResult({ message: t('messages.draftsSaved'), draft: draftOut(created.drafts[0]!) })
			}
			if (!args.schedule) return toolError(t('errors.scheduleRequired'))
			const result = await planPost(services, principal.user, { ...args, schedule: args.schedule }, 'mcp', requestId)
			if (!result.ok) return refused(call, result, t('errors.createFailed'))
			if (args.schedule.type === 'now') return publishing(call, result.post, result.post.platforms.length)
			return planned(call, result, t('errors.createFailed'))
		},
	})

/** The stored draft or post of `id` and its networks as they would be sent (null: not the user's). */
async function stored(call: McpCall, id: string) {
	const { content } = call.services
	const userId = call.principal.user.id
	const [draft, post] = await Promise.all([content.getDraft(userId, id), content.getPost(userId, id)])
	if (draft) return { kind: 'draft' as const, targets: draftTargets(draft) }
	if (post) return { kind: 'post' as const, targets: postTargets(post) }
	return null
}

/** The networks' rules for planning or publishing it now (what 'Meine Posts' checks first); null: nothing against it. */
async function preflight(call: McpCall, targets: Awaited<ReturnType<typeof stored>> & object, confirmEmpty: boolean) {
	const refusal = await preflightRefusal(call.context, call.services.publishing, targets.targets, confirmEmpty)
	if (!refusal) return null
	return refusal.confirmEmpty ? toolError(call.t('errors.confirmEmpty'), { code: 'confirm_empty' }) : toolError(`${call.t('errors.refused')}\n${refusal.message}`, { code: 'preflight', reasons: [refusal.message] })
}

const idInput = (call: McpCall) => ({
	id: z.uuid().describe(call.t('fields.id')),
	confirmEmpty: z.boolean().default(false).describe(call.t('fields.confirmEmpty')),
	requestId: requestIdField(call),
})

export const schedulePostTool = (call: McpCall) =>
	defineTool({
		name: 'schedule_post',
		scope: 'posts',
		input: z.object({
			...idInput(call),
			schedule: z.discriminatedUnion('type', [PostScheduleSchema.options[0], PostScheduleSchema.options[1]]),
			channels: ChannelIdsSchema.optional().describe(call.t('fields.channels')),
			firstComment: z.string().trim().max(MAX_TEXT).optional().describe(call.t('fields.firstComment')),
		}),
		output: messageAndPost,
		annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
		async run({ id, confirmEmpty, requestId, schedule, channels, firstComment }, call) {
			const { services, principal, t } = call
			const { user } = principal
			// New channels first (the same use case as the editor's picker and PATCH /posts/{id}): planning then checks where it goes now.
			if (channels) {
				const moved = await retargetPost(services, user.id, id, channels)
				if (!moved.ok) return refused(call, moved, t('errors.scheduleFailed'))
			}
			if (firstComment !== undefined) {
				const set = await setFirstComment(call, id, firstComment)
				if (set) return set
			}
			const item = await stored(call, id)
			if (!item) return toolError(t('errors.notFound'), { code: 'not_found' })
			const refusal = await preflight(call, item, confirmEmpty)
			if (refusal) return refusal
			let request: { date: string; time: string; timeZone: string }
			if (schedule.type === 'at') {
				const wall = fromInstant(new Date(schedule.at), user.timeZone)
				request = { date: wall.date, time: wall.time, timeZone: user.timeZone }
			} else {
				const [slot] = await services.content.freeSlots(user.id, user.timeZone, 1)
				if (!slot) return toolError(t('errors.noSlot'))
				request = { date: slot.date, time: slot.time, timeZone: user.timeZone }
			}
			const result = item.kind === 'draft' ? await services.content.scheduleDraft(user.id, id, request, mcpRequestId(principal, requestId)) : await services.content.schedulePost(user.id, id, request)
			return planned(call, result, t('errors.scheduleFailed'))
		},
	})

/** A post's first comment for all its networks ('' removes it), before it is planned; a refusal to answer, or null. */
async function setFirstComment(call: McpCall, id: string, text: string) {
	const { content } = call.services
	const userId = call.principal.user.id
	const post = await content.getPost(userId, id)
	if (!post) return (await content.getDraft(userId, id)) ? toolError(call.t('errors.firstCommentOnDraft'), { code: 'invalid_request' }) : toolError(call.t('errors.notFound'), { code: 'not_found' })
	const current = parseContent(post.content, (key) => post.platforms.includes(key))
	const updated = await content.updatePost(userId, id, { content: { ...current, firstComment: text ? { base: text, platforms: {} } : undefined } })
	return updated.ok ? null : refused(call, updated, call.t('errors.scheduleFailed'))
}

export const publishPostTool = (call: McpCall) =>
	defineTool({
		name: 'publish_post',
		scope: 'posts',
		input: z.object(idInput(call)),
		output: { message: z.string(), post: PostOut.optional() },
		annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
		async run({ id, confirmEmpty, requestId }, call) {
			const { services, principal, t } = call
			const { user } = principal
			const item = await stored(call, id)
			if (!item) return toolError(t('errors.notFound'), { code: 'not_found' })
			const refusal = await preflight(call, item, confirmEmpty)
			if (refusal) return refusal
			if (item.kind === 'draft') {
				const converted = await services.content.publishDraft(user.id, id, user.timeZone, mcpRequestId(principal, requestId))
				if (!converted.ok) return refused(call, converted, t('errors.publishFailed'))
				if (converted.post.platforms.length === 0) return toolError(t('errors.nothingToPublish'))
				return publishing(call, converted.post, converted.post.platforms.length)
			}
			const queued = await services.publishing.publishNow(user.id, id)
			if (queued === null) return toolError(t('errors.notFound'), { code: 'not_found' })
			if (typeof queued === 'object') return toolError([t('errors.refused'), ...queued.refused.map((r) => `- ${r}`)].join('\n'), { code: 'preflight', reasons: queued.refused })
			if (queued === 'published') return toolError(t('errors.alreadyPublished'), { code: 'already_published' })
			if (queued === 0) return toolError(t('errors.nothingToPublish'))
			const post = await services.content.getPost(user.id, id)
			return post ? publishing(call, post, queued) : toolResult({ message: t('messages.publishing', { count: queued }) })
		},
	})
