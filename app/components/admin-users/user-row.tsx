import { Button, buttonClassName } from '#app/components/ui/lean-controls.tsx'
import { useState, type FormEvent } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { NativeSelect } from '#app/components/native-select.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { formatDateTime, formatNumber } from '#app/utils/format.ts'
import type { AdminUserRow, AdminUsersReply, RowDialogKind } from './types.ts'
import '#locales/ns/adminUsers.ts'

// The row is written in plain elements with the class names the lean components (Radix Themes'
// markup) give them: some twenty components per row were a quarter of the list's server render.
// user-row.test.tsx renders the same row with the lean components and compares both.
const css = {
	row: 'rt-TableRow rt-r-va-middle',
	headerCell: 'rt-TableCell rt-TableRowHeaderCell',
	cell: 'rt-TableCell',
	wrapFlex: 'rt-Flex rt-r-fw-wrap rt-r-ai-center rt-r-gap-2',
	planFlex: 'rt-Flex rt-r-ai-center rt-r-gap-1',
	text: 'rt-Text',
	badge: 'rt-reset rt-Badge rt-r-size-1 rt-variant-soft',
	grant: buttonClassName('rt-Button', { size: '1' }),
	details: buttonClassName('rt-Button', { size: '1', variant: 'ghost' }),
}
const planColor = { free: 'gray', basic: 'blue', pro: 'amber' } as const

type Props = {
	user: AdminUserRow
	isMe: boolean
	timeZone: string
	/** Where the plan/role form posts (the page's route with its ?q and ?page). */
	formAction: string
	planOptions: ReadonlyArray<{ value: string; label: string }>
	onOpen: (kind: RowDialogKind, user: AdminUserRow, opener: HTMLElement) => void
}

export function UserRow({ user, isMe, timeZone, formAction, planOptions, onOpen }: Props) {
	const { t } = useTranslation('adminUsers')
	// One form for the plan and the role: the pressed button sends the intent (one fetcher per row, not two).
	const fetcher = useFetcher<AdminUsersReply>()
	useFetcherNotice(fetcher)
	const busy = fetcher.state === 'idle' ? null : fetcher.formData?.get('intent')
	const [plan, setPlan] = useState<string>(user.subscriptionType)
	// A plain form that the row's fetcher submits: fetcher.Form costs a router lookup per row
	// (useSubmit, useFormAction), a tenth of the list's server render.
	const submit = (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault()
		const submitter = (event.nativeEvent as SubmitEvent).submitter
		void fetcher.submit(submitter instanceof HTMLButtonElement ? submitter : event.currentTarget, { method: 'post' })
	}
	return (
		<tr data-testid="admin-user-row" data-email={user.email} className={css.row}>
			<th scope="row" className={css.headerCell} data-label={t('table.name')}>
				<div className={css.wrapFlex}>
					<span className={css.text}>{user.fullName || t('table.noName')}</span>
					{user.isAdmin ? (
						<span data-accent-color="purple" data-testid="admin-badge" className={css.badge}>
							<svg width={12} height={12} aria-hidden>
								<use href="#pw-user-admin" />
							</svg>
							{` ${t('table.admin')}`}
						</span>
					) : null}
				</div>
			</th>
			<td className={css.cell} data-label={t('table.email')}>
				{user.email}
			</td>
			<td className={css.cell} data-label={t('table.plan')}>
				<span data-accent-color={planColor[user.subscriptionType]} data-testid="plan-badge" className={css.badge}>
					{t(`plans.${user.subscriptionType}`)}
				</span>
			</td>
			<td data-testid="credits" className={css.cell} data-label={t('table.credits')}>{`${formatNumber(user.creditsRemaining)} / ${formatNumber(user.creditsTotal)}`}</td>
			<td data-testid="api-tokens" className={css.cell} data-label={t('table.apiTokens')}>
				{user.apiTokens > 0 ? (
					<button data-accent-color="" aria-haspopup="dialog" aria-label={t('tokens.open', { count: user.apiTokens })} className={css.details} onClick={(event) => onOpen('tokens', user, event.currentTarget)}>
						{formatNumber(user.apiTokens)}
					</button>
				) : (
					formatNumber(user.apiTokens)
				)}
			</td>
			<td className={css.cell} data-label={t('table.created')}>
				{formatDateTime(user.createdAt, timeZone, 'dd.MM.yyyy')}
			</td>
			<td className={css.cell} data-label={t('table.actions')} data-actions>
				<div className={css.wrapFlex}>
					<button data-accent-color="" aria-haspopup="dialog" className={css.grant} onClick={(event) => onOpen('grant', user, event.currentTarget)}>
						<svg width={14} height={14} aria-hidden>
							<use href="#pw-user-grant" />
						</svg>
						{` ${t('grant.open')}`}
					</button>
					<form method="post" action={formAction} className="inline-form" onSubmit={submit}>
						<input type="hidden" name="userId" value={user.id} />
						<input type="hidden" name="admin" value={user.isAdmin ? 'false' : 'true'} />
						<div className={css.planFlex}>
							<NativeSelect name="subscriptionType" value={plan} onChange={(event) => setPlan(event.currentTarget.value)} aria-label={t('plan.label')} options={planOptions} />
							<Button type="submit" name="intent" value="plan" size="1" variant="soft" disabled={plan === user.subscriptionType} loading={busy === 'plan'}>
								{t('plan.save')}
							</Button>
						</div>
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
					<button data-accent-color="" aria-haspopup="dialog" className={css.details} onClick={(event) => onOpen('history', user, event.currentTarget)}>
						<svg width={14} height={14} aria-hidden>
							<use href="#pw-user-history" />
						</svg>
						{` ${t('details.open')}`}
					</button>
				</div>
			</td>
		</tr>
	)
}
