import { Button, Flex, Text } from '@radix-ui/themes'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { pageWindow } from '#modules/activity/types.ts'

export type PaginationLabels = { nav: string; previous: string; next: string; page: (page: number) => string; summary: string }

/** Previous, at most five page buttons and next, as links (the page lives in the URL). */
export function Pagination({ page, pageCount, hrefFor, labels, testId }: { page: number; pageCount: number; hrefFor: (page: number) => string; labels: PaginationLabels; testId?: string }) {
	if (pageCount <= 1) return null
	return (
		<Flex asChild justify="center" align="center" gap="2" wrap="wrap">
			<nav aria-label={labels.nav} data-testid={testId}>
				<PageLink href={hrefFor(page - 1)} disabled={page <= 1} label={labels.previous}>
					<ChevronLeft size={16} aria-hidden />
					{labels.previous}
				</PageLink>
				{pageWindow(page, pageCount).map((n) => (
					<PageLink key={n} href={hrefFor(n)} current={n === page} label={labels.page(n)}>
						{n}
					</PageLink>
				))}
				<PageLink href={hrefFor(page + 1)} disabled={page >= pageCount} label={labels.next}>
					{labels.next}
					<ChevronRight size={16} aria-hidden />
				</PageLink>
				<Text size="2" color="gray" data-testid={testId ? `${testId}-summary` : undefined}>
					{labels.summary}
				</Text>
			</nav>
		</Flex>
	)
}

function PageLink({ href, disabled, current, label, children }: { href: string; disabled?: boolean; current?: boolean; label: string; children: React.ReactNode }) {
	if (disabled) {
		return (
			<Button variant="soft" color="gray" disabled aria-label={label}>
				{children}
			</Button>
		)
	}
	return (
		<Button variant={current ? 'solid' : 'soft'} color={current ? undefined : 'gray'} asChild>
			<Link to={href} aria-label={label} aria-current={current ? 'page' : undefined} preventScrollReset>
				{children}
			</Link>
		</Button>
	)
}
