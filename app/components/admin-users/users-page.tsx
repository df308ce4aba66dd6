import { Button as RadixButton, Table } from '@radix-ui/themes'
import { Badge, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { Button, TableCell, TableColumnHeaderCell, TableRow, TableRowHeaderCell } from '#app/components/ui/lean-controls.tsx'
import { IconSprite, SpriteIcon } from '#app/components/icon-sprite.tsx'
import { ChevronLeft, ChevronRight, Coins, History, Shield } from 'lucide-react'
import { useCallback, useState, type FormEvent } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link, useFetcher, useFormAction } from 'react-router'
import { SearchForm } from '#app/components/admin/search-form.tsx'
import { LoadError } from '#app/components/load-error.tsx'
import { NativeSelect } from '#app/components/native-select.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { formatDateTime, formatNumber } from '#app/utils/format.ts'
import { SUBSCRIPTION_TYPES } from '#modules/admin/users-schema.ts'
import { GrantCreditsDialog } from './grant-dialog.tsx'
import { HistoryDialog, type HistoryData } from './history-dialog.tsx'
import type { AdminUsersReply } from './types.ts'
import '#locales/ns/adminUsers.ts'

export type AdminUserRow = {
	id: string
	email: string
	fullName: string
	subscriptionType: 'free' | 'basic' | 'pro'
	creditsRemaining: number
	creditsTotal: number
	isAdmin: boolean
	apiTokens: number
	createdAt: Date | string
}

type Props = {
	query: string
	list: { users: Array<AdminUserRow>; total: number; page: number; pageSize: number; pageCount: number }
	history: HistoryData | null
	me: string
	timeZone: string
	loadError: boolean
}

// The rows' icons, drawn once per page.
const rowIcons = { 'pw-user-admin': Shield, 'pw-user-grant': Coins, 'pw-user-history': History }

type RowDialog = { kind: 'grant' | 'history'; user: AdminUserRow; opener: HTMLElement }

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
						<Table.Root variant="surface">
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
		</Flex>
	)
}

type UserRowProps = {
	user: AdminUserRow
	isMe: boolean
	timeZone: string
	formAction: string
	planOptions: ReadonlyArray<{ value: string; label: string }>
	onOpen: (kind: RowDialog['kind'], user: AdminUserRow, opener: HTMLElement) => void
}

function UserRow({ user, isMe, timeZone, formAction, planOptions, onOpen }: UserRowProps) {
	const { t } = useTranslation('adminUsers')
	// One form for the plan and the role: the pressed button sends the intent (one fetcher per row, not two).
	const fetcher = useFetcher<AdminUsersReply>()
	useFetcherNotice(fetcher)
	const busy = fetcher.state === 'idle' ? null : fetcher.formData?.get('intent')
	const [plan, setPlan] = useState<string>(user.subscriptionType)
	// A plain form that the row's fetcher submits: fetcher.Form costs a router lookup per row
	// (useSubmit, useFormAction), a tenth of the list's server render. The pressed button sends the intent.
	const submit = (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault()
		const submitter = (event.nativeEvent as SubmitEvent).submitter
		void fetcher.submit(submitter instanceof HTMLButtonElement ? submitter : event.currentTarget, { method: 'post' })
	}
	return (
		<TableRow data-testid="admin-user-row" data-email={user.email} align="center">
			<TableRowHeaderCell>
				<Flex gap="2" align="center" wrap="wrap">
					<Text>{user.fullName || t('table.noName')}</Text>
					{user.isAdmin ? (
						<Badge color="purple" data-testid="admin-badge">
							<SpriteIcon id="pw-user-admin" size={12} />
							{` ${t('table.admin')}`}
						</Badge>
					) : null}
				</Flex>
			</TableRowHeaderCell>
			<TableCell>{user.email}</TableCell>
			<TableCell>
				<Badge color={user.subscriptionType === 'pro' ? 'amber' : user.subscriptionType === 'basic' ? 'blue' : 'gray'} data-testid="plan-badge">
					{t(`plans.${user.subscriptionType}`)}
				</Badge>
			</TableCell>
			<TableCell data-testid="credits">
				{`${formatNumber(user.creditsRemaining)} / ${formatNumber(user.creditsTotal)}`}
			</TableCell>
			<TableCell data-testid="api-tokens">{formatNumber(user.apiTokens)}</TableCell>
			<TableCell>{formatDateTime(user.createdAt, timeZone, 'dd.MM.yyyy')}</TableCell>
			<TableCell>
				<Flex gap="2" align="center" wrap="wrap">
					<Button size="1" aria-haspopup="dialog" onClick={(event) => onOpen('grant', user, event.currentTarget)}>
						<SpriteIcon id="pw-user-grant" size={14} />
						{` ${t('grant.open')}`}
					</Button>
					<form method="post" action={formAction} className="inline-form" onSubmit={submit}>
						<input type="hidden" name="userId" value={user.id} />
						<input type="hidden" name="admin" value={user.isAdmin ? 'false' : 'true'} />
						<Flex gap="1" align="center">
							<NativeSelect
								name="subscriptionType"
								value={plan}
								onChange={(event) => setPlan(event.currentTarget.value)}
								aria-label={t('plan.label')}
								options={planOptions}
							/>
							<Button type="submit" name="intent" value="plan" size="1" variant="soft" disabled={plan === user.subscriptionType} loading={busy === 'plan'}>
								{t('plan.save')}
							</Button>
						</Flex>
						<Button
							type="submit"
							name="intent"
							value="role"
							size="1"
							variant="soft"
							color={user.isAdmin ? 'red' : 'purple'}
							disabled={user.isAdmin && isMe}
							title={user.isAdmin && isMe ? t('role.ownRole') : undefined}
							loading={busy === 'role'}
						>
							{user.isAdmin ? t('role.revoke') : t('role.grant')}
						</Button>
					</form>
					<Button size="1" variant="ghost" aria-haspopup="dialog" onClick={(event) => onOpen('history', user, event.currentTarget)}>
						<SpriteIcon id="pw-user-history" size={14} />
						{` ${t('details.open')}`}
					</Button>
				</Flex>
			</TableCell>
		</TableRow>
	)
}
