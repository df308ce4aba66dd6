export type { ClockTime, IsoDate, Weekday } from './civil.ts'
export { addDays, isValidDate, isValidTime } from './civil.ts'
export {
	canReschedule,
	DEFAULT_SCHEDULE_TIME,
	DEFAULT_STORED_TIME,
	DEFAULT_TIME_ZONE,
	isRescheduleTime,
	isScheduleSlot,
	isSuggestedTime,
	minutesOfDay,
	RESCHEDULE_TIMES,
	SCHEDULE_TIME_SLOTS,
	SUGGESTED_TIMES,
	suggestedTimesFor,
	WEEK_STARTS_ON,
} from './rules.ts'
export { fromInstant, inZone, isValidTimeZone, toInstant, withDate, type WallClock } from './time-zone.ts'
export {
	anchorOrToday,
	isPastDate,
	monthGrid,
	shiftMonth,
	shiftWeek,
	startOfWeek,
	todayIn,
	weekRange,
	type MonthDay,
	type MonthGrid,
	type WeekRange,
} from './calendar.ts'
export {
	ScheduleInputSchema,
	scheduleSchema,
	validateReschedule,
	validateSchedule,
	type ScheduleErrorKey,
	type ScheduleInput,
	type ScheduleResult,
} from './schema.ts'
export { formatScheduledFor, scheduledForParts, type ScheduledForParts } from './format.ts'
