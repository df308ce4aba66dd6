import { Badge, Button, Checkbox, Dialog, Flex, Select, Text } from '@radix-ui/themes'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestId } from '#app/components/use-request-id.ts'
import {
	formatScheduledFor,
	isPastDate,
	SCHEDULE_TIME_SLOTS,
	suggestedTimesFor,
	toInstant,
	validateSchedule,
	type IsoDate,
} from '#modules/scheduling/index.ts'
import { initialSlot } from './initial-slot.ts'
import { MiniCalendar } from './mini-calendar.tsx'
import '#locales/ns/scheduling.ts'
import '#locales/ns/publishing.ts'

export type ScheduleTarget = {
	kind: 'draft' | 'post'
	/** Empty for content that is not saved yet (the post creator sends it along in `fields`). */
	id: string
	title: string
	/** More form fields for the action, e.g. the creator's texts and images. */
	fields?: Array<[string, string]>
	/** A planned post's slot (ISO instant): the dialog opens there instead of at 17:00. */
	scheduledAt?: string | null
}

/**
 * 'Post planen': a Monday-first calendar (no past days), the 06:00-23:00 half-hour slots
 * (default 17:00, a planned post's own slot) and the 'Geplant für' line. Posts to `action` with intent "schedule".
 */
export function ScheduleDialog({
	target,
	timeZone,
	action,
	onClose,
	onScheduled,
}: {
	target: ScheduleTarget | null
	timeZone: string
	action?: string
	onClose: () => void
	onScheduled?: () => void
}) {
	const { t } = useTranslation('scheduling')
	const { t: tp } = useTranslation('publishing')
	const fetcher = useFetcher<{ ok: boolean; message?: string; confirmEmpty?: boolean }>()
	useFetcherNotice(fetcher)
	// The server asked whether the post may go out without text: the answer rides along on the next submit.
	const [confirmedEmpty, setConfirmedEmpty] = useState(false)
	// Planning a draft or new content creates a post: once per request id.
	const requestId = useRequestId(fetcher.data)
	const now = new Date()
	const [initial] = useState(() => initialSlot(target?.scheduledAt, timeZone, now))
	const [date, setDate] = useState<IsoDate>(initial.date)
	const [time, setTime] = useState(initial.time)
	const check = validateSchedule({ date, time, timeZone }, now)
	const busy = fetcher.state !== 'idle'

	const closedFor = useRef<unknown>(null)
	useEffect(() => {
		if (fetcher.state !== 'idle' || !fetcher.data?.ok || closedFor.current === fetcher.data) return
		closedFor.current = fetcher.data
		onScheduled?.()
		onClose()
	}, [fetcher.state, fetcher.data, onClose, onScheduled])

	if (!target) return null
	const suggested = suggestedTimesFor(date)
	const error = !check.ok ? t(check.error) : fetcher.data && !fetcher.data.ok ? fetcher.data.message : null
	return (
		<Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
			<Dialog.Content maxWidth="420px">
				<Dialog.Title>{t('dialog.title')}</Dialog.Title>
				<Dialog.Description size="2" color="gray" mb="3">
					{target.title}
				</Dialog.Description>
				<fetcher.Form method="post" action={action}>
					<input type="hidden" name="intent" value="schedule" />
					<input type="hidden" name="requestId" value={requestId} />
					<input type="hidden" name="kind" value={target.kind} />
					<input type="hidden" name="id" value={target.id} />
					<input type="hidden" name="date" value={date} />
					<input type="hidden" name="time" value={time} />
					{target.fields?.map(([name, value], index) => (
						<input key={`${name}-${index}`} type="hidden" name={name} value={value} />
					))}
					<Flex direction="column" gap="3">
						<Text as="div" size="2" weight="medium">
							{t('dialog.date')}
						</Text>
						<MiniCalendar value={date} onChange={setDate} timeZone={timeZone} now={now} />
						<Flex direction="column" gap="1">
							<Text as="label" size="2" weight="medium" htmlFor="schedule-time">
								{t('dialog.time')}
							</Text>
							<Select.Root value={time} onValueChange={setTime}>
								<Select.Trigger id="schedule-time" aria-label={t('dialog.time')} />
								<Select.Content position="popper">
									{SCHEDULE_TIME_SLOTS.map((slot) => (
										<Select.Item key={slot} value={slot}>
											{slot}
											{suggested.includes(slot) ? ` · ${t('dialog.suggested')}` : ''}
										</Select.Item>
									))}
								</Select.Content>
							</Select.Root>
							{suggested.length ? (
								<Flex gap="1" wrap="wrap" align="center">
									<Text size="1" color="gray">
										{t('dialog.suggestedTimes')}:
									</Text>
									{suggested.map((slot) => (
										<Badge key={slot} asChild variant={slot === time ? 'solid' : 'soft'}>
											<button type="button" onClick={() => setTime(slot)} style={{ cursor: 'pointer', border: 0 }}>
												{slot}
											</button>
										</Badge>
									))}
								</Flex>
							) : null}
						</Flex>
						{!isPastDate(date, timeZone, now) ? (
							<Text size="2" data-testid="scheduled-for">
								<Text weight="medium">{t('dialog.scheduledFor')}:</Text> {formatScheduledFor(toInstant(date, time, timeZone), timeZone)}
							</Text>
						) : null}
						{error ? (
							<Text size="2" color={fetcher.data?.confirmEmpty ? 'amber' : 'red'} role="alert">
								{error}
							</Text>
						) : null}
						{fetcher.data?.confirmEmpty || confirmedEmpty ? (
							<Text as="label" size="2">
								<Flex gap="2" align="center">
									<Checkbox name="confirmEmpty" value="1" checked={confirmedEmpty} onCheckedChange={(checked) => setConfirmedEmpty(checked === true)} />
									{tp('preflight.confirmLabel')}
								</Flex>
							</Text>
						) : null}
						<Flex gap="3" justify="end" mt="2">
							<Dialog.Close>
								<Button type="button" variant="soft" color="gray">
									{t('dialog.cancel')}
								</Button>
							</Dialog.Close>
							<Button type="submit" disabled={!check.ok || busy || !requestId} loading={busy}>
								{t('dialog.submit')}
							</Button>
						</Flex>
					</Flex>
				</fetcher.Form>
			</Dialog.Content>
		</Dialog.Root>
	)
}
