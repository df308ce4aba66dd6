import { Button } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/calendar.ts'

type Props = { above: number; below: number; onAbove: () => void; onBelow: () => void }

/** '↑ 2 Posts früher' / '↓ 1 Post später' over the week grid when posts lie outside the visible hours. */
export function ScrollBadges({ above, below, onAbove, onBelow }: Props) {
	const { t } = useTranslation('calendar')
	return (
		<>
			{above > 0 ? (
				<Button type="button" size="1" variant="solid" radius="full" className="cal-badge cal-badge-top" onClick={onAbove}>
					{t('week.earlier', { count: above })}
				</Button>
			) : null}
			{below > 0 ? (
				<Button type="button" size="1" variant="solid" radius="full" className="cal-badge cal-badge-bottom" onClick={onBelow}>
					{t('week.later', { count: below })}
				</Button>
			) : null}
		</>
	)
}
