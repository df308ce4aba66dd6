import { createInstance } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { expect, test } from 'vitest'
import { SpriteIcon } from '#app/components/icon-sprite.tsx'
import { NativeSelect } from '#app/components/native-select.tsx'
import { Badge, Flex, Text } from '#app/components/ui/lean.tsx'
import { Button, TableCell, TableRow, TableRowHeaderCell } from '#app/components/ui/lean-controls.tsx'
import { same } from '#app/components/ui/same-markup.ts'
import { formatDateTime, formatNumber } from '#app/utils/format.ts'
import { namespaces, resources } from '#locales/index.ts'
import type { AdminUserRow } from './types.ts'
import { UserRow } from './user-row.tsx'

const i18n = createInstance({ resources: { de: resources.de }, ns: namespaces, defaultNS: 'common', lng: 'de', fallbackLng: 'de', interpolation: { escapeValue: false } })
await i18n.init()
const t = i18n.getFixedT('de', 'adminUsers') as unknown as (key: string) => string
const tc = (key: string, count: number) => (i18n.getFixedT('de', 'adminUsers') as unknown as (key: string, options: { count: number }) => string)(key, { count })
const planOptions = (['free', 'basic', 'pro'] as const).map((type) => ({ value: type, label: t(`plans.${type}`) }))

/** The row as the lean components (Radix Themes' markup) render it: what UserRow's plain elements must match. */
function LeanRow({ user, isMe }: { user: AdminUserRow; isMe: boolean }) {
	return (
		<TableRow data-testid="admin-user-row" data-email={user.email} align="center">
			<TableRowHeaderCell data-label={t('table.name')}>
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
			<TableCell data-label={t('table.email')}>{user.email}</TableCell>
			<TableCell data-label={t('table.plan')}>
				<Badge color={user.subscriptionType === 'pro' ? 'amber' : user.subscriptionType === 'basic' ? 'blue' : 'gray'} data-testid="plan-badge">
					{t(`plans.${user.subscriptionType}`)}
				</Badge>
			</TableCell>
			<TableCell data-testid="credits" data-label={t('table.credits')}>{`${formatNumber(user.creditsRemaining)} / ${formatNumber(user.creditsTotal)}`}</TableCell>
			<TableCell data-testid="api-tokens" data-label={t('table.apiTokens')}>
				{user.apiTokens > 0 ? (
					<Button size="1" variant="ghost" aria-haspopup="dialog" aria-label={tc('tokens.open', user.apiTokens)}>
						{formatNumber(user.apiTokens)}
					</Button>
				) : (
					formatNumber(user.apiTokens)
				)}
			</TableCell>
			<TableCell data-label={t('table.created')}>{formatDateTime(user.createdAt, 'Europe/Zurich', 'dd.MM.yyyy')}</TableCell>
			<TableCell data-label={t('table.actions')} data-actions>
				<Flex gap="2" align="center" wrap="wrap">
					<Button size="1" aria-haspopup="dialog">
						<SpriteIcon id="pw-user-grant" size={14} />
						{` ${t('grant.open')}`}
					</Button>
					<form method="post" action="/admin/users?q=x" className="inline-form">
						<input type="hidden" name="userId" value={user.id} />
						<input type="hidden" name="admin" value={user.isAdmin ? 'false' : 'true'} />
						<Flex gap="1" align="center">
							<NativeSelect name="subscriptionType" value={user.subscriptionType} onChange={() => {}} aria-label={t('plan.label')} options={planOptions} />
							<Button type="submit" name="intent" value="plan" size="1" variant="soft" disabled>
								{t('plan.save')}
							</Button>
						</Flex>
						<Button type="submit" name="intent" value="role" size="1" variant="soft" color={user.isAdmin ? 'red' : 'purple'} disabled={user.isAdmin && isMe} title={user.isAdmin && isMe ? t('role.ownRole') : undefined}>
							{user.isAdmin ? t('role.revoke') : t('role.grant')}
						</Button>
					</form>
					<Button size="1" variant="ghost" aria-haspopup="dialog">
						<SpriteIcon id="pw-user-history" size={14} />
						{` ${t('details.open')}`}
					</Button>
				</Flex>
			</TableCell>
		</TableRow>
	)
}

async function inRouter(children: ReactNode) {
	const handler = createStaticHandler([{ path: '/admin/users', Component: () => children }])
	const context = await handler.query(new Request('http://localhost/admin/users?q=x'))
	if (context instanceof Response) throw new Error('unexpected response')
	const router = createStaticRouter(handler.dataRoutes, context)
	return (
		<I18nextProvider i18n={i18n}>
			<table>
				<tbody>
					<StaticRouterProvider router={router} context={context} hydrate={false} />
				</tbody>
			</table>
		</I18nextProvider>
	)
}

const base: AdminUserRow = { id: '4f1c2b9e-5d7a-4e8b-9c0d-1a2b3c4d5e6f', email: 'anna@example.ch', fullName: 'Anna Müller', subscriptionType: 'free', creditsRemaining: 544, creditsTotal: 1550, isAdmin: false, apiTokens: 0, createdAt: new Date('2025-10-25T22:30:00Z') }
const cases: Array<{ user: AdminUserRow; isMe: boolean }> = [
	{ user: base, isMe: false },
	{ user: { ...base, fullName: '', subscriptionType: 'basic', apiTokens: 12_345, creditsRemaining: 0 }, isMe: false },
	{ user: { ...base, subscriptionType: 'pro', isAdmin: true, createdAt: '2026-03-29T00:30:00Z' }, isMe: false },
	{ user: { ...base, isAdmin: true, email: 'a&b<c>@example.ch', fullName: 'Zoë "Z" <Admin>' }, isMe: true },
]

test('a user row renders what the lean components render for it', async () => {
	for (const { user, isMe } of cases) {
		const row = <UserRow user={user} isMe={isMe} timeZone="Europe/Zurich" formAction="/admin/users?q=x" planOptions={planOptions} onOpen={() => {}} />
		same(await inRouter(row), await inRouter(<LeanRow user={user} isMe={isMe} />))
	}
	// The test means something: a row shows its user.
	const { renderToString } = await import('react-dom/server')
	expect(renderToString(await inRouter(<UserRow user={base} isMe={false} timeZone="Europe/Zurich" formAction="/admin/users" planOptions={planOptions} onOpen={() => {}} />))).toContain('anna@example.ch')
})
