import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/schedule'
import { servicesContext } from '#app/context.ts'
import { CalendarPage } from '#app/components/calendar/calendar-page.tsx'
import { MONTH_DAY_CHIPS, postRow, type CalendarData, type CalendarView, type PostRow } from '#app/components/calendar/types.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { currentBrandId } from '#app/server/brand-choice.server.ts'
import type { CalendarEntry } from '#modules/content/index.ts'
import type { ChannelName } from '#app/components/channel-names.tsx'
import { contentErrorMessage } from '#app/server/content-messages.server.ts'
import {
	anchorOrToday,
	formatScheduledFor,
	fromInstant,
	monthGrid,
	shiftMonth,
	shiftWeek,
	suggestedTimesFor,
	todayIn,
	weekRange,
} from '#modules/scheduling/index.ts'

export async function loader({ request, context }: Route.LoaderArgs): Promise<CalendarData & { title: string }> {
	const user = requireUser(context, request)
	const { t } = getInstance(context)
	const url = new URL(request.url)
	const now = new Date()
	const timeZone = user.timeZone
	const view: CalendarView = url.searchParams.get('view') === 'month' ? 'month' : 'week'
	const anchor = anchorOrToday(url.searchParams.get('date'), timeZone, now)
	const today = todayIn(timeZone, now)
	const week = weekRange(anchor, timeZone)
	const month = monthGrid(anchor, timeZone)
	const range = view === 'week' ? week : month
	// The stat cards always describe the current week, whatever week or month is on screen. A month
	// day shows two chips and '+N mehr': only those two come, the rest is counted (while a chip is
	// being moved away its day shows one chip until the reload after the move).
	const { content, publishing } = context.get(servicesContext)
	const brandId = await currentBrandId(context, request, user)
	const read = (channelId: string | null) =>
		content.calendar(user.id, {
			brandId,
			channelId,
			from: range.start,
			to: range.end,
			weekStart: weekRange(today, timeZone).start,
			perDay: view === 'month' ? { limit: MONTH_DAY_CHIPS, timeZone } : undefined,
		})
	// ?channel=: only posts to that channel. An id that is not one of the brand's channels (another
	// user's, another brand's, gone, no id) is ignored: with one, the list is read before the posts.
	const wanted = z.uuid().safeParse(url.searchParams.get('channel'))
	const channels = wanted.success ? await publishing.channelOptions(user.id, brandId) : null
	const channelId = wanted.success && channels!.some((c) => c.id === wanted.data) ? wanted.data : null
	const [options, { posts, dayTotals, stats }] = await Promise.all([channels ?? publishing.channelOptions(user.id, brandId), read(channelId)])
	// The chips' channels (their screen-reader names and hover cards): one query for the page.
	const postChannels = await publishing.postChannels(
		user.id,
		posts.map((p) => p.id),
	)
	return {
		title: t('calendar:meta.title'),
		view,
		anchor,
		today,
		timeZone,
		nav: {
			previous: view === 'week' ? shiftWeek(anchor, -1) : shiftMonth(anchor, -1),
			next: view === 'week' ? shiftWeek(anchor, 1) : shiftMonth(anchor, 1),
		},
		days: week.days,
		// Each view's own grid data only: the page data is part of the HTML.
		month: { key: month.month, weeks: view === 'month' ? month.weeks.map((days) => days.map((day) => day.date)) : [] },
		suggested: view === 'week' ? Object.fromEntries(week.days.map((day) => [day, [...suggestedTimesFor(day)]])) : {},
		posts: posts.map((post) => toCalendarPost(post, timeZone, postChannels[post.id] ?? [])),
		dayTotals,
		stats,
		channel: { id: channelId, options: options.map(({ id, platform, name }) => ({ id, platform, name })) },
	}
}

function toCalendarPost({ at, ...post }: CalendarEntry, timeZone: string, channels: ReadonlyArray<ChannelName>): PostRow {
	const { date, time } = fromInstant(at, timeZone)
	return postRow({ ...post, date, time, channels: channels.map(({ platform, name }) => ({ platform, name })) })
}

const RescheduleSchema = z.object({
	intent: z.literal('reschedule'),
	postId: z.uuid(),
	date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
	// Absent for a month-view drop: the post keeps its time of day.
	time: z.string().regex(/^\d{2}:\d{2}$/).optional(),
})

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const { t } = getInstance(context)
	const { submission } = await parseForm(request, RescheduleSchema)
	if (submission.status !== 'success') {
		return data(
			{ ok: false as const, notice: { type: 'error' as const, title: t('calendar:toasts.failed'), description: t('calendar:toasts.invalid') } },
			{ status: 400 },
		)
	}
	const { postId, date, time } = submission.value
	const result = await context.get(servicesContext).content.reschedulePost(user.id, postId, { date, time, timeZone: user.timeZone })
	if (!result.ok) {
		return data(
			{ ok: false as const, notice: { type: 'error' as const, title: t('calendar:toasts.failed'), description: contentErrorMessage(context, result.error, t('calendar:toasts.failedText'), result.reasons) } },
			{ status: 400 },
		)
	}
	const when = formatScheduledFor(new Date(result.post.scheduledAt!), user.timeZone)
	return data({ ok: true as const, notice: { type: 'success' as const, title: t('calendar:toasts.rescheduled'), description: t('calendar:toasts.rescheduledText', { when }) } })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function SchedulePage({ loaderData }: Route.ComponentProps) {
	return <CalendarPage data={loaderData} />
}
