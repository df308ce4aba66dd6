import type { Trx } from '#modules/core/db.server.ts'
import type { Platform } from './platforms.ts'

/**
 * What content needs from publishing when posts are planned, moved or deleted: the deliveries
 * (one per platform) and their publish jobs, written in the same transaction as the post.
 * Implemented by modules/publishing; the composition root wires it in.
 */
export type DeliveryPlanner = {
	plan: (trx: Trx, input: { postId: string; userId: string; platforms: Array<Platform>; pageIds: Partial<Record<Platform, string>>; scheduledAt: Date | null }) => Promise<void>
	reschedule: (trx: Trx, input: { postId: string; userId: string; scheduledAt: Date }) => Promise<void>
	cancel: (trx: Trx, input: { postId: string; userId: string }) => Promise<void>
}
