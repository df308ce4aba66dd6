import { Badge, Flex, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import type { SearchResult } from '#modules/search/index.ts'
import { searchHref } from '#app/utils/highlight.ts'
import { Highlighted } from './highlighted.tsx'
import '#locales/ns/search.ts'

/** The header search's list of hits under the field (header-search.tsx owns the state and the keys). */
export function SearchSuggestions({
	listId,
	q,
	results,
	activeIndex,
	status,
	onActivate,
	onClose,
}: {
	listId: string
	q: string
	results: Array<Pick<SearchResult, 'kind' | 'id' | 'title' | 'snippet'>>
	activeIndex: number
	/** What to say while there is no hit to show. */
	status: 'loading' | 'noResults' | 'limited' | null
	onActivate: (index: number) => void
	onClose: () => void
}) {
	const { t } = useTranslation('search')
	return (
		<div className="header-search-popover" data-testid="search-dropdown">
			<div id={listId} role="listbox" aria-label={t('results')}>
				{results.map((hit, i) => (
					<Link
						key={`${hit.kind}-${hit.id}`}
						id={`${listId}-${i}`}
						role="option"
						aria-selected={i === activeIndex}
						to={searchHref(hit)}
						className="search-option"
						tabIndex={-1}
						onMouseDown={(event) => event.preventDefault()}
						onMouseEnter={() => onActivate(i)}
						onClick={onClose}
					>
						<Flex direction="column" gap="1" style={{ minWidth: 0 }}>
							<Flex gap="2" align="center">
								<Badge size="1" variant="soft" color={hit.kind === 'post' || hit.kind === 'draft' ? 'indigo' : 'amber'}>
									{t(`kinds.${hit.kind}`)}
								</Badge>
								<Text size="2" weight="medium" truncate>
									{hit.title ? <Highlighted text={hit.title} /> : t('untitled')}
								</Text>
							</Flex>
							{hit.snippet ? (
								<Text size="1" color="gray" className="search-snippet">
									<Highlighted text={hit.snippet} />
								</Text>
							) : null}
						</Flex>
					</Link>
				))}
			</div>
			{status ? (
				<Text as="p" size="2" color="gray" className="search-status">
					{status === 'loading' ? t('loading') : t(status, { q })}
				</Text>
			) : null}
			<Link to={`/suche?q=${encodeURIComponent(q)}`} className="search-show-all" tabIndex={-1} onMouseDown={(event) => event.preventDefault()} onClick={onClose}>
				{t('showAll')}
			</Link>
		</div>
	)
}
