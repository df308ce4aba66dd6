import { SegmentedControl } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import './posts-page.css'
import '#locales/ns/posts.ts'

export const COLUMN_KEYS = ['drafts', 'scheduled', 'published'] as const
export type ColumnKey = (typeof COLUMN_KEYS)[number]

/**
 * Phones (below the three-column breakpoint): which column of Meine Posts is shown. Each segment is
 * as wide as its own label (not the widest one), the count on a line of its own, so 'Veröffentlicht'
 * and a three-digit count fit a 360 px screen without wrapping or being cut.
 */
export function StatusSwitcher({ value, counts, onChange }: { value: ColumnKey; counts: Record<ColumnKey, number>; onChange: (key: ColumnKey) => void }) {
	const { t } = useTranslation('posts')
	return (
		<div className="posts-switcher">
			<SegmentedControl.Root value={value} onValueChange={(key) => onChange(key as ColumnKey)} aria-label={t('columns.switcher')} size="2">
				{COLUMN_KEYS.map((key) => (
					<SegmentedControl.Item key={key} value={key} data-testid={`switch-${key}`}>
						<span className="posts-switch-text">
							<span className="posts-switch-label">{t(`columns.${key}`)}</span> <span className="posts-switch-count">({counts[key]})</span>
						</span>
					</SegmentedControl.Item>
				))}
			</SegmentedControl.Root>
		</div>
	)
}
