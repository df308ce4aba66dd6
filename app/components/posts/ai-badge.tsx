import { useFixedT } from '#app/utils/use-fixed-t.ts'
import '#locales/ns/posts.ts'

/** The card's 'KI' badge (the same classes as the card's other badges: plain elements, ADR 0034). */
export function AiBadge() {
	const t = useFixedT('posts')
	return (
		<span data-accent-color="violet" data-testid="ai-badge" title={t('aiLabel.badgeTitle')} className="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">
			{t('aiLabel.badge')}
		</span>
	)
}
