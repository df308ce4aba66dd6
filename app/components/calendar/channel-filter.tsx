import { useSubmit } from 'react-router'
import { NativeSelect } from '#app/components/native-select.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import type { Platform } from '#modules/core/platform-id.ts'
import type { CalendarData, CalendarView } from './types.ts'
import '#locales/ns/calendar.ts'

type Props = { view: CalendarView; anchor: string; channel: CalendarData['channel'] }

/**
 * 'Alle Kanäle' or one channel of the brand (issue 38): the calendar then shows only posts with a
 * delivery to it. The choice is the address's ?channel= (a GET navigation, a history entry), so the
 * week and month steps keep it and a reload shows the same. Nothing to choose without channels.
 */
export function ChannelFilter({ view, anchor, channel }: Props) {
	const { t } = useTranslation('calendar')
	const platformName = usePlatformName()
	const submit = useSubmit()
	if (channel.options.length === 0) return null
	const options = [{ value: '', label: t('filter.all') }, ...channel.options.map((c) => ({ value: c.id, label: t('filter.option', { platform: platformName(c.platform as Platform), name: c.name }) }))]
	return (
		<NativeSelect
			className="cal-channel-filter"
			aria-label={t('filter.label')}
			data-testid="calendar-channel-filter"
			value={channel.id ?? ''}
			options={options}
			onChange={(event) => {
				const chosen = event.currentTarget.value
				void submit({ view, date: anchor, ...(chosen ? { channel: chosen } : {}) }, { method: 'get', preventScrollReset: true })
			}}
		/>
	)
}

/** The filter as a hidden field of the header's GET forms: stepping through weeks and months keeps it. */
export function KeepChannel({ channel }: { channel: string | null }) {
	return channel ? <input type="hidden" name="channel" value={channel} /> : null
}
