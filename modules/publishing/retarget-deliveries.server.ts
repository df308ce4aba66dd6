import type { Trx } from '#modules/core/db.server.ts'
import { PlanRefused, type RetargetInput } from '#modules/content/index.ts'
import { targetLabel } from './account-check.server.ts'
import { insertDeliveries, removeJobs, RESCHEDULABLE } from './delivery-rows.server.ts'
import { fill, texts } from './messages.ts'
import { planTargets, type PlanTarget } from './plan-targets.server.ts'

/** The planning preflight for the post's targets still to go out at `scheduledAt` (German reasons; empty: none). */
export type RetargetCheck = (targets: ReadonlyArray<PlanTarget>, scheduledAt: Date) => Promise<Array<string>>

type Delivery = { id: string; platform: string; channel_id: string | null; status: string }

/**
 * A stored post's deliveries follow the channels chosen now (issue 38): a delivery whose channel is
 * still chosen stays as it is (a channel-less one counts as its brand's default channel of its
 * network), the others are removed with their jobs, and each new channel gets a delivery on the
 * post's plan. A delivery already on a network (published, being published, unconfirmed) cannot be
 * removed: the change is refused in German. A fixed number of statements whatever the number of
 * channels; the same choice again changes nothing.
 */
export async function retargetDeliveries(trx: Trx, input: RetargetInput, check: RetargetCheck | null) {
	const existing: Array<Delivery> = await trx
		.selectFrom('post_deliveries')
		.select(['id', 'platform', 'channel_id', 'status'])
		.where('post_id', '=', input.postId)
		.where('user_id', '=', input.userId)
		.forUpdate()
		.execute()
	const { userId, brandId } = input
	const [current, chosen] = await planTargets(trx, [
		{ userId, brandId, wishes: existing.map((d) => ({ platform: d.platform, channelId: d.channel_id })) },
		{ userId, brandId, wishes: [...new Set(input.channelIds)].map((channelId) => ({ platform: null, channelId })) },
	])
	const wanted = new Set(chosen!.map((t) => t.channel!.id))
	const kept = new Map<string, { delivery: Delivery; target: PlanTarget }>()
	const removed: Array<{ delivery: Delivery; target: PlanTarget }> = []
	existing.forEach((delivery, i) => {
		const target = current![i]!
		const id = target.channel?.id
		if (id && wanted.has(id) && !kept.has(id)) kept.set(id, { delivery, target })
		else removed.push({ delivery, target })
	})
	const out = removed.filter((r) => !RESCHEDULABLE.includes(r.delivery.status))
	if (out.length) throw new PlanRefused(out.map(({ delivery, target }) => fill(delivery.status === 'published' ? texts.planning.publishedStays : texts.planning.publishingStays, { target: targetLabel(target) })))
	const added = chosen!.filter((t) => !kept.has(t.channel!.id))
	if (check && input.scheduledAt) {
		const open = [...kept.values()].filter((k) => RESCHEDULABLE.includes(k.delivery.status)).map((k) => k.target)
		const reasons = await check([...open, ...added], input.scheduledAt)
		if (reasons.length) throw new PlanRefused(reasons)
	}
	const gone = removed.map((r) => r.delivery.id)
	if (gone.length) {
		await trx.deleteFrom('post_deliveries').where('id', 'in', gone).execute()
		await removeJobs(trx, gone)
	}
	await insertDeliveries(trx, [{ input, targets: added }])
}
