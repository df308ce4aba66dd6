import { z } from 'zod'
import { LIVE_POST_STATUSES } from '#modules/publishing/post-status.ts'

// The tools' answers as zod shapes (their outputSchema, app/server/mcp/tool.server.ts): the views of
// post-views.server.ts and the tools' own objects, key for key (clients reject keys a schema lacks).

const nullableText = z.string().nullable()

const textsShape = { text: z.string(), texts: z.record(z.string(), z.string()), firstComment: nullableText }

export const DraftOut = z.object({
	kind: z.literal('draft'),
	id: z.string(),
	status: z.literal('draft'),
	title: z.string(),
	networks: z.array(z.string()),
	...textsShape,
	images: z.record(z.string(), z.string()),
	createdAt: z.string(),
	updatedAt: z.string(),
})

const DeliveryOut = z.object({ network: z.string(), status: z.string(), url: nullableText, reason: nullableText })

export const PostOut = z.object({
	kind: z.literal('post'),
	id: z.string(),
	status: z.enum(LIVE_POST_STATUSES),
	title: z.string(),
	networks: z.array(z.string()),
	...textsShape,
	imageUrl: nullableText,
	images: z.record(z.string(), z.string()),
	scheduledAt: nullableText,
	timeZone: z.string(),
	publishedAt: nullableText,
	origin: z.string(),
	createdAt: z.string(),
	deliveries: z.array(DeliveryOut).optional().describe('Der Zustand je Netzwerk (geplant, gesendet, veröffentlicht mit Link, fehlgeschlagen mit Grund)'),
})

/** A tool's answer about a post it wrote: a German message and the post. */
export const messageAndPost = { message: z.string(), post: PostOut }
