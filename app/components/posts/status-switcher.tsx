import { SegmentedControl } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import './posts-page.css'
import '#locales/ns/posts.ts'

export const COLUMN_KEYS = ['drafts', 'scheduled', 'published'] as const
export type ColumnKey = (typeof COLUMN_KEYS)[number]

/** Phones (below the three-column breakpoint): which column of Meine Posts is shown. */
export function StatusSwitcher({ value, counts, onChange }: { value: ColumnKey; counts: Record<ColumnKey, number>; onChange: (key: ColumnKey) => void }) {
	const { t } = useTranslation('posts')
	return (
		<div className="posts-switcher scroll-x">
			<SegmentedControl.Root value={value} onValueChange={(key) => onChange(key as ColumnKey)} aria-label={t('columns.switcher')} size="3">
				{COLUMN_KEYS.map((key) => (
					<SegmentedControl.Item key={key} value={key} data-testid={`switch-${key}`}>
						{t(`columns.${key}`)} ({counts[key]})
					</SegmentedControl.Item>
				))}
			</SegmentedControl.Root>
		</div>
	)
}
