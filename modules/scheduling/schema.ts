import { z } from 'zod'
import { isValidDate, type ClockTime, type IsoDate } from './civil.ts'
import { DEFAULT_TIME_ZONE, isRescheduleTime, isScheduleSlot } from './rules.ts'
import { fromInstant, isValidTimeZone, toInstant, withDate } from './time-zone.ts'

// Shared by the schedule dialog (client validation) and the content module (server validation).
// Messages are i18n keys of the `scheduling` namespace; the UI translates them.
export type ScheduleErrorKey =
	| 'errors.dateRequired'
	| 'errors.timeRequired'
	| 'errors.invalidDate'
	| 'errors.invalidTime'
	| 'errors.invalidRescheduleTime'
	| 'errors.inPast'
	| 'errors.invalidTimeZone'
	| 'errors.notReschedulable'

export type ScheduleResult =
	| { ok: true; instant: Date; date: IsoDate; time: ClockTime }
	| { ok: false; error: ScheduleErrorKey }

// Missing or blank is "required"; anything else that is not the expected string is "invalid".
const field = (requiredKey: ScheduleErrorKey, invalidKey: ScheduleErrorKey, isValid: (value: string) => boolean) =>
	z
		.string({ error: (issue) => (issue.input == null ? requiredKey : invalidKey) })
		.trim()
		.min(1, { error: requiredKey, abort: true })
		.refine(isValid, { error: invalidKey })

const date = field('errors.dateRequired', 'errors.invalidDate', isValidDate)
const slot = field('errors.timeRequired', 'errors.invalidTime', isScheduleSlot)
const dropTime = field('errors.timeRequired', 'errors.invalidRescheduleTime', isRescheduleTime)

export const ScheduleInputSchema = z.object({ date, time: slot })
export type ScheduleInput = z.infer<typeof ScheduleInputSchema>

/** ScheduleInputSchema plus "not in the past", producing the instant; for conform's parseWithZod. */
export function scheduleSchema({ timeZone, now }: { timeZone: string; now: Date }) {
	return ScheduleInputSchema.transform((input, ctx) => {
		const instant = toInstant(input.date, input.time, timeZone)
		if (instant.getTime() <= now.getTime()) {
			ctx.addIssue({ code: 'custom', message: 'errors.inPast', path: ['time'] })
			return z.NEVER
		}
		return { ...input, instant }
	})
}

type ScheduleRequest = { date?: unknown; time?: unknown; timeZone?: string | null }

/** The schedule dialog's rules: a real date, one of the slots, strictly later than `now`. */
export function validateSchedule({ date, time, timeZone }: ScheduleRequest, now: Date): ScheduleResult {
	const zone = timeZone ?? DEFAULT_TIME_ZONE
	if (!isValidTimeZone(zone)) return { ok: false, error: 'errors.invalidTimeZone' }
	const parsed = scheduleSchema({ timeZone: zone, now }).safeParse({ date, time })
	if (!parsed.success) return { ok: false, error: firstError(parsed.error) }
	return scheduled(parsed.data.instant, zone)
}

const RescheduleInputSchema = z.object({ date, time: dropTime.optional() })

type RescheduleRequest = ScheduleRequest & { current?: Date | null }

/**
 * Calendar drag and drop. With `time` (a week-view hour row) the post moves to that date and
 * time; without it (a month-view day) it keeps the wall-clock time of `current` on the new date.
 *
 * The week view has 24 hour rows, so a drop may target any full or half hour from 00:00 to
 * 23:30: the 06:00-23:00 slots are the dialog's offer, not a limit on when a post may go out.
 * The month view keeps the post's time even when it is off the half-hour grid. Either way the
 * new instant must lie in the future. Whether the post may move at all (published posts may
 * not) is canReschedule's question, asked by the caller.
 */
export function validateReschedule({ date, time, timeZone, current }: RescheduleRequest, now: Date): ScheduleResult {
	const zone = timeZone ?? DEFAULT_TIME_ZONE
	if (!isValidTimeZone(zone)) return { ok: false, error: 'errors.invalidTimeZone' }
	const parsed = RescheduleInputSchema.safeParse({ date, time: time === '' || time === null ? undefined : time })
	if (!parsed.success) return { ok: false, error: firstError(parsed.error) }
	const target = parsed.data
	let instant: Date
	if (target.time !== undefined) instant = toInstant(target.date, target.time, zone)
	else if (current && !Number.isNaN(current.getTime())) instant = withDate(current, target.date, zone)
	else return { ok: false, error: 'errors.timeRequired' }
	if (instant.getTime() <= now.getTime()) return { ok: false, error: 'errors.inPast' }
	return scheduled(instant, zone)
}

// date and time as the clocks show them at the instant (a drop on 02:30 of the spring-forward day is 03:30).
function scheduled(instant: Date, timeZone: string): ScheduleResult {
	const { date, time } = fromInstant(instant, timeZone)
	return { ok: true, instant, date, time }
}

function firstError(error: z.ZodError): ScheduleErrorKey {
	return (error.issues[0]?.message ?? 'errors.invalidDate') as ScheduleErrorKey
}
