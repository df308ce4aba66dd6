import { lazy, Suspense, type ComponentProps } from 'react'
import type { ScheduleDialog as Dialog } from './schedule-dialog.tsx'

export type { ScheduleTarget } from './schedule-dialog.tsx'

// 'Post planen' is opened by a click: its code (calendar, slots, the schedule rules with zod and
// date-fns) is fetched then, not with the page.
const ScheduleDialogModule = lazy(() => import('./schedule-dialog.tsx').then((module) => ({ default: module.ScheduleDialog })))

/** The schedule dialog (see schedule-dialog.tsx), loaded when a target is chosen. */
export function ScheduleDialog(props: ComponentProps<typeof Dialog>) {
	if (!props.target) return null
	return (
		<Suspense>
			<ScheduleDialogModule {...props} />
		</Suspense>
	)
}
