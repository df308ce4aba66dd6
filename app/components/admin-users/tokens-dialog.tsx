import { AlertDialog, Badge, Button, Dialog, Flex, Text } from '@radix-ui/themes'
import { useEffect, useState } from 'react'
import { useFetcher, type FetcherWithComponents } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { DialogCloseButton } from '#app/components/admin/form-dialog-parts.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { formatDateTime } from '#app/utils/format.ts'
import type { ApiTokenView } from '#modules/accounts/api-scopes.ts'
import type { AdminUsersReply } from './types.ts'
import { returnFocus } from './return-focus.ts'
import '#locales/ns/adminUsers.ts'
import '#locales/ns/integrations.ts'

/** `expired`: decided by the server when it answered (a render must not read the clock). */
export type AdminTokenView = ApiTokenView & { expired: boolean }
export type TokensData = { userId: string; tokens: Array<AdminTokenView> }
type User = { id: string; email: string }

const DATE = 'dd.MM.yyyy HH:mm'

/**
 * A user's API keys for an admin (one dialog for the whole list, opened from the row's key count),
 * loaded when it opens (the route's loader with ?tokens=<id>); an active key can be revoked after a
 * confirmation (the action checks the admin role and writes the audit entry).
 */
export function TokensDialog({ user, open, opener, timeZone, onClose }: { user: User | null; open: boolean; opener: HTMLElement | null; timeZone: string; onClose: () => void }) {
	const { t } = useTranslation('adminUsers')
	const fetcher = useFetcher<{ tokens: TokensData | null }>()
	const { load } = fetcher
	const userId = user?.id
	const [revision, setRevision] = useState(0)
	useEffect(() => {
		if (open && userId) void load(`/admin/users?tokens=${encodeURIComponent(userId)}`)
	}, [load, open, userId, revision])
	const tokens = userId && fetcher.data?.tokens?.userId === userId ? fetcher.data.tokens.tokens : null
	return (
		<Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
			<Dialog.Content maxWidth="560px" onCloseAutoFocus={(event) => returnFocus(event, opener)}>
				<Dialog.Title>{t('tokens.title')}</Dialog.Title>
				<Dialog.Description size="2" mb="3">
					{t('tokens.description', { email: user?.email ?? '' })}
				</Dialog.Description>
				{tokens === null ? (
					<Text color="gray">{t('tokens.loading')}</Text>
				) : tokens.length === 0 ? (
					<Text color="gray">{t('tokens.empty')}</Text>
				) : (
					<Flex direction="column" gap="3" asChild>
						<ul data-testid="admin-api-tokens" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
							{tokens.map((token) => (
								<TokenItem key={token.id} token={token} user={user!} timeZone={timeZone} onRevoked={() => setRevision((n) => n + 1)} />
							))}
						</ul>
					</Flex>
				)}
				<DialogCloseButton label={t('tokens.close')} />
			</Dialog.Content>
		</Dialog.Root>
	)
}

function TokenItem({ token, user, timeZone, onRevoked }: { token: AdminTokenView; user: User; timeZone: string; onRevoked: () => void }) {
	const { t } = useTranslation('adminUsers')
	const { t: ti } = useTranslation('integrations')
	const active = token.revokedAt === null && !token.expired
	// The answer's toast is shown here, in the row that stays: the revoke button goes once the list
	// shows the key revoked, which can come in the same render as the answer (then its effect never ran).
	const fetcher = useFetcher<AdminUsersReply>()
	useFetcherNotice(fetcher, onRevoked)
	return (
		<li data-testid="admin-api-token" data-name={token.name}>
			<Flex justify="between" align="start" gap="3" wrap="wrap">
				<Flex direction="column" gap="1" style={{ minWidth: 0 }}>
					<Flex gap="2" align="center" wrap="wrap">
						<Text weight="bold" style={{ overflowWrap: 'anywhere' }}>
							{token.name}
						</Text>
						<Text size="1" color="gray">
							…{token.hint}
						</Text>
						{token.revokedAt ? (
							<Badge color="gray">{t('tokens.revokedAt', { date: formatDateTime(token.revokedAt, timeZone, DATE) })}</Badge>
						) : token.expired ? (
							<Badge color="amber">{t('tokens.expired')}</Badge>
						) : (
							<Badge color="green">{t('tokens.active')}</Badge>
						)}
					</Flex>
					<Text size="2">{t('tokens.scopes', { scopes: token.scopes.map((scope) => ti(`tokens.scope.${scope}`)).join(', ') })}</Text>
					<Text size="1" color="gray">
						{t('tokens.created', { date: formatDateTime(token.createdAt, timeZone, DATE) })} ·{' '}
						{token.lastUsedAt ? t('tokens.lastUsed', { date: formatDateTime(token.lastUsedAt, timeZone, DATE) }) : t('tokens.neverUsed')}
					</Text>
				</Flex>
				{active ? <RevokeButton token={token} user={user} fetcher={fetcher} /> : null}
			</Flex>
		</li>
	)
}

function RevokeButton({ token, user, fetcher }: { token: ApiTokenView; user: User; fetcher: FetcherWithComponents<AdminUsersReply> }) {
	const { t } = useTranslation('adminUsers')
	const busy = fetcher.state !== 'idle'
	return (
		<AlertDialog.Root>
			<AlertDialog.Trigger>
				<Button size="1" variant="soft" color="red" loading={busy} aria-label={t('tokens.revokeLabel', { name: token.name })}>
					{t('tokens.revoke')}
				</Button>
			</AlertDialog.Trigger>
			<AlertDialog.Content maxWidth="440px">
				<AlertDialog.Title>{t('tokens.confirmTitle')}</AlertDialog.Title>
				<AlertDialog.Description size="2">{t('tokens.confirmText', { name: token.name, email: user.email })}</AlertDialog.Description>
				<Flex gap="3" mt="4" justify="end" wrap="wrap">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray">
							{t('tokens.cancel')}
						</Button>
					</AlertDialog.Cancel>
					<AlertDialog.Action>
						<Button color="red" onClick={() => void fetcher.submit({ intent: 'revokeToken', userId: user.id, tokenId: token.id }, { method: 'post', action: '/admin/users' })}>
							{t('tokens.confirm')}
						</Button>
					</AlertDialog.Action>
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	)
}
