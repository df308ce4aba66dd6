import { Badge } from '#app/components/ui/lean.tsx'
import { Link } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { badgeCount } from '#app/utils/greeting.ts'
import { NavIcon } from './nav-icon.tsx'
import '#locales/ns/layout.ts'

export function DraftsBell({ count, className = '', testId = 'drafts-badge' }: { count: number; className?: string; testId?: string }) {
	const { t } = useTranslation('layout')
	return (
		<Link to="/posts" className={`drafts-bell ${className}`.trim()} aria-label={count ? t('drafts.label', { count }) : t('drafts.labelNone')}>
			<NavIcon name="bell" size={20} />
			{count > 0 ? (
				<Badge color="red" variant="solid" radius="full" className="drafts-badge" data-testid={testId}>
					{badgeCount(count)}
				</Badge>
			) : null}
		</Link>
	)
}
