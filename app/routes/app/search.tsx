import { Button, TextField } from '@radix-ui/themes'
import { Badge, Card, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { Search } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Form, Link } from 'react-router'
import type { Route } from './+types/search'
import { servicesContext } from '#app/context.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Highlighted } from '#app/components/search/highlighted.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { searchHref } from '#app/utils/highlight.ts'
import '#app/components/search/search.css'
import '#locales/ns/search.ts'

/** How many hits the results page shows (best first, then grouped). */
const PAGE_LIMIT = 50
const groups = ['post', 'draft', 'idea', 'news'] as const

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 200)
	const results = q ? await context.get(servicesContext).search.search(user.id, q, PAGE_LIMIT) : []
	return { title: getInstance(context).t('search:meta.title'), q, results }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function SearchPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('search')
	const { q, results } = loaderData
	return (
		<Flex direction="column" gap="5" className="search-page">
			<PageHeader title={t('heading')} subtitle={t('subtitle')} />
			<Form method="get" action="/suche" role="search" key={q}>
				<Flex gap="2" align="center" wrap="wrap">
					<TextField.Root name="q" defaultValue={q} aria-label={t('field')} maxLength={200} style={{ flex: 1, minWidth: 240 }} size="3">
						<TextField.Slot>
							<Search size={16} />
						</TextField.Slot>
					</TextField.Root>
					<Button type="submit" size="3">
						{t('submit')}
					</Button>
				</Flex>
			</Form>
			{!q ? (
				<Text color="gray">{t('empty')}</Text>
			) : results.length === 0 ? (
				<Card>
					<Text as="p" weight="medium">
						{t('noResults', { q })}
					</Text>
					<Text as="p" color="gray" size="2">
						{t('noResultsHint')}
					</Text>
				</Card>
			) : (
				<>
					<Text color="gray" data-testid="search-count">
						{t('count', { count: results.length, q })}
					</Text>
					{groups.map((kind) => {
						const hits = results.filter((hit) => hit.kind === kind)
						if (hits.length === 0) return null
						return (
							<section key={kind} aria-labelledby={`search-group-${kind}`} data-testid={`search-group-${kind}`}>
								<Heading as="h3" size="4" mb="2" id={`search-group-${kind}`}>
									{t(`groups.${kind}`)} <Badge variant="soft">{hits.length}</Badge>
								</Heading>
								<Card>
									<Flex direction="column" gap="1">
										{hits.map((hit) => (
											<Link key={hit.id} to={searchHref(hit)} className="search-hit" data-testid="search-hit">
												<Text as="div" weight="medium">
													{hit.title ? <Highlighted text={hit.title} /> : t('untitled')}
												</Text>
												{hit.snippet ? (
													<Text as="div" size="2" color="gray">
														<Highlighted text={hit.snippet} />
													</Text>
												) : null}
											</Link>
										))}
									</Flex>
								</Card>
							</section>
						)
					})}
				</>
			)}
		</Flex>
	)
}
