import { z } from 'zod'
import { json } from '../request.server.ts'
import { defineOperation } from './operation.server.ts'

// /api/v1/times: the calendar's suggested posting times still free (as MCP suggest_times answers them).

const TimesQuery = z.object({ count: z.coerce.number().int().min(1).max(50).default(5).meta({ description: 'Wie viele Zeiten (1-50, Standard 5)' }) })

export const SuggestedTimesSchema = z
	.object({
		timeZone: z.string().meta({ description: 'Die Zeitzone des Kontos, in der date und time gelten' }),
		times: z.array(z.object({ at: z.string().meta({ description: 'Der Zeitpunkt (RFC 3339), als schedule.at verwendbar' }), date: z.string(), time: z.string() })),
	})
	.meta({ id: 'SuggestedTimes' })

/** The next free suggested times in the user's zone (the REST body and the MCP tool's answer). */
export async function suggestedTimes(services: { content: { freeSlots: (userId: string, zone: string, count: number) => Promise<Array<{ at: string; date: string; time: string }>> } }, user: { id: string; timeZone: string }, count: number) {
	const slots = await services.content.freeSlots(user.id, user.timeZone, count)
	return { timeZone: user.timeZone, times: slots.map((s) => ({ at: s.at, date: s.date, time: s.time })) }
}

export function timesOperations() {
	return [
		defineOperation({
			method: 'GET',
			path: '/times',
			operationId: 'suggestTimes',
			tag: 'Posts',
			summary: 'Freie empfohlene Zeiten',
			description: 'Die nächsten freien empfohlenen Zeiten des Kalenders in der Zeitzone des Kontos (wie schedule.type next_slot sie wählt).',
			scope: 'read',
			query: TimesQuery,
			responses: { 200: { description: 'Die Zeiten', schema: SuggestedTimesSchema } },
			problems: [400],
			async handle({ services, principal, query }) {
				const { count } = query as z.output<typeof TimesQuery>
				return json(await suggestedTimes(services, principal.user, count))
			},
		}),
	]
}
