import type { PostOrigin } from '#modules/content/platforms.ts'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import '#locales/ns/csvImport.ts'

/** 'API', 'MCP' or 'CSV' on a post that was not made in the pages (plain Badge classes, as the card's other badges). */
export function OriginBadge({ origin }: { origin: PostOrigin }) {
	const t = useFixedT('csvImport')
	if (origin === 'web') return null
	const name = t(`origin.${origin}`)
	return (
		<span data-accent-color="violet" data-testid="post-origin" title={t('origin.label', { origin: name })} className="rt-reset rt-Badge rt-r-size-1 rt-variant-outline">
			{name}
		</span>
	)
}
