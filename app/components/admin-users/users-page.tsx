import { Button as RadixButton, Table } from '@radix-ui/themes'
import { Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { TableColumnHeaderCell, TableRow } from '#app/components/ui/lean-controls.tsx'
import { IconSprite } from '#app/components/icon-sprite.tsx'
import { ChevronLeft, ChevronRight, Coins, History, Shield } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link, useFormAction } from 'react-router'
import { SearchForm } from '#app/components/admin/search-form.tsx'
import { LoadError } from '#app/components/load-error.tsx'
import { SUBSCRIPTION_TYPES } from '#modules/admin/users-schema.ts'
import { GrantCreditsDialog } from './grant-dialog.tsx'
import { HistoryDialog, type HistoryData } from './history-dialog.tsx'
import { TokensDialog, type TokensData } from './tokens-dialog.tsx'
import type { AdminUserRow, RowDialogKind } from './types.ts'
import { UserRow } from './user-row.tsx'
import './users-page.css'
import '#locales/ns/adminUsers.ts'

type Props = {
	query: string
	list: { users: Array<AdminUserRow>; total: number; page: number; pageSize: number; pageCount: number }
	history: HistoryData | null
	tokens: TokensData | null
	me: string
	timeZone: string
	loadError: boolean
}

// The rows' icons, drawn once per page.
const rowIcons = { 'pw-user-admin': Shield, 'pw-user-grant': Coins, 'pw-user-history': History }

type RowDialog = { kind: RowDialogKind; user: AdminUserRow; opener: HTMLElement }

export function UsersPage({ query, list, me, timeZone, loadError }: Props) {
	const { t } = useTranslation('adminUsers')
	// One grant and one history dialog for the whole list (a pair per row made the page's render several
	// times dearer); the dialog keeps its user while it closes, and focus goes back to the row's button.
	const [dialog, setDialog] = useState<RowDialog | null>(null)
	const [dialogOpen, setDialogOpen] = useState(false)
	const openDialog = useCallback((kind: RowDialog['kind'], user: AdminUserRow, opener: HTMLElement) => {
		setDialog({ kind, user, opener })
		setDialogOpen(true)
	}, [])
	const closeDialog = useCallback(() => setDialogOpen(false), [])
	// The rows' plan/role form posts here (this route, with the list's ?q and ?page), as fetcher.Form would.
	const formAction = useFormAction()
	const planOptions = SUBSCRIPTION_TYPES.map((type) => ({ value: type, label: t(`plans.${type}`) }))
	const pageHref = (page: number) => {
		const params = new URLSearchParams()
		if (query) params.set('q', query)
		if (page > 1) params.set('page', String(page))
		const s = params.toString()
		return s ? `?${s}` : '.'
	}
	return (
		<Flex direction="column" gap="4">
			<Flex direction="column" gap="1">
				<Heading as="h2" size="7">
					{t('title')}
				</Heading>
				<Text color="gray">{t('subtitle')}</Text>
			</Flex>

			<SearchForm id="admin-user-search" query={query} labels={{ label: t('search.label'), placeholder: t('search.placeholder'), submit: t('search.submit'), reset: t('search.reset') }} />

			{loadError ? (
				<LoadError title={t('errorTitle')} text={t('errors.loadFailed')} />
			) : (
				<>
					<Text size="2" color="gray" data-testid="user-count">
						{t('search.results', { count: list.total })}
					</Text>
					{list.users.length > 0 ? <IconSprite icons={rowIcons} /> : null}
					{list.users.length === 0 ? (
						<Text>{t('empty')}</Text>
					) : (
						<Table.Root variant="surface" className="admin-users-table">
							<Table.Header>
								<TableRow>
									<TableColumnHeaderCell>{t('table.name')}</TableColumnHeaderCell>
									<TableColumnHeaderCell>{t('table.email')}</TableColumnHeaderCell>
									<TableColumnHeaderCell>{t('table.plan')}</TableColumnHeaderCell>
									<TableColumnHeaderCell>{t('table.credits')}</TableColumnHeaderCell>
									<TableColumnHeaderCell>{t('table.apiTokens')}</TableColumnHeaderCell>
									<TableColumnHeaderCell>{t('table.created')}</TableColumnHeaderCell>
									<TableColumnHeaderCell>{t('table.actions')}</TableColumnHeaderCell>
								</TableRow>
							</Table.Header>
							<Table.Body>
								{list.users.map((user) => (
									<UserRow key={user.id} user={user} isMe={user.id === me} timeZone={timeZone} formAction={formAction} planOptions={planOptions} onOpen={openDialog} />
								))}
							</Table.Body>
						</Table.Root>
					)}
					{list.pageCount > 1 ? (
						<Flex gap="3" align="center" justify="center">
							<RadixButton asChild variant="soft" disabled={list.page <= 1}>
								{list.page > 1 ? (
									<Link to={pageHref(list.page - 1)} aria-label={t('pagination.previous')}>
										<ChevronLeft size={14} /> {t('pagination.previous')}
									</Link>
								) : (
									<span>
										<ChevronLeft size={14} /> {t('pagination.previous')}
									</span>
								)}
							</RadixButton>
							<Text size="2" data-testid="page-info">
								{t('pagination.page', { page: String(list.page), pageCount: String(list.pageCount) })}
							</Text>
							<RadixButton asChild variant="soft" disabled={list.page >= list.pageCount}>
								{list.page < list.pageCount ? (
									<Link to={pageHref(list.page + 1)} aria-label={t('pagination.next')}>
										{t('pagination.next')} <ChevronRight size={14} />
									</Link>
								) : (
									<span>
										{t('pagination.next')} <ChevronRight size={14} />
									</span>
								)}
							</RadixButton>
						</Flex>
					) : null}
				</>
			)}
			<GrantCreditsDialog user={dialog?.kind === 'grant' ? dialog.user : null} open={dialogOpen && dialog?.kind === 'grant'} opener={dialog?.opener ?? null} onClose={closeDialog} />
			<HistoryDialog user={dialog?.kind === 'history' ? dialog.user : null} open={dialogOpen && dialog?.kind === 'history'} opener={dialog?.opener ?? null} timeZone={timeZone} onClose={closeDialog} />
			<TokensDialog user={dialog?.kind === 'tokens' ? dialog.user : null} open={dialogOpen && dialog?.kind === 'tokens'} opener={dialog?.opener ?? null} timeZone={timeZone} onClose={closeDialog} />
		</Flex>
	)
}
