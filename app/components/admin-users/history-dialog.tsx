import { Dialog, Flex, Text } from '@radix-ui/themes'
import { useEffect } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { TFunction } from 'i18next'
import { useFetcher } from 'react-router'
import { DialogCloseButton } from '#app/components/admin/form-dialog-parts.tsx'
import { formatDateTime } from '#app/utils/format.ts'
import '#locales/ns/adminUsers.ts'
import { returnFocus } from './return-focus.ts'

export type HistoryEntry = { id: string; adminEmail: string; action: string; details: unknown; createdAt: Date | string }
export type HistoryData = { userId: string; entries: Array<HistoryEntry> }

/**
 * The newest audit entries of the chosen user (one dialog for the whole list, opened from a row's
 * button), loaded when it opens (the route's loader with ?history=<id>).
 */
export function HistoryDialog({ user, open, opener, timeZone, onClose }: { user: { id: string; email: string } | null; open: boolean; opener: HTMLElement | null; timeZone: string; onClose: () => void }) {
	const { t } = useTranslation('adminUsers')
	const fetcher = useFetcher<{ history: HistoryData | null }>()
	const { load } = fetcher
	const userId = user?.id
	useEffect(() => {
		if (open && userId) void load(`/admin/users?history=${encodeURIComponent(userId)}`)
	}, [load, open, userId])
	const entries = userId && fetcher.data?.history?.userId === userId ? fetcher.data.history.entries : null
	return (
		<Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
			<Dialog.Content maxWidth="520px" onCloseAutoFocus={(event) => returnFocus(event, opener)}>
				<Dialog.Title>{t('details.title')}</Dialog.Title>
				<Dialog.Description size="2" mb="3">
					{t('details.description', { email: user?.email ?? '' })}
				</Dialog.Description>
				{entries === null ? (
					<Text color="gray">{t('details.loading')}</Text>
				) : entries.length === 0 ? (
					<Text color="gray">{t('details.empty')}</Text>
				) : (
					<Flex direction="column" gap="2" asChild>
						<ul data-testid="admin-history">
							{entries.map((entry) => (
								<li key={entry.id}>
									<Text as="div" size="2" weight="medium">
										{describe(t, entry)}
									</Text>
									<Text as="div" size="1" color="gray">
										{formatDateTime(entry.createdAt, timeZone, 'dd.MM.yyyy HH:mm')} · {t('details.by', { email: entry.adminEmail })}
									</Text>
								</li>
							))}
						</ul>
					</Flex>
				)}
				<DialogCloseButton label={t('details.close')} />
			</Dialog.Content>
		</Dialog.Root>
	)
}

const KNOWN = ['user.credits_granted', 'user.plan_changed', 'user.admin_granted', 'user.admin_revoked', 'user.api_token_revoked'] as const

function describe(t: TFunction<'adminUsers'>, entry: HistoryEntry) {
	const details = (entry.details && typeof entry.details === 'object' ? entry.details : {}) as Record<string, unknown>
	if (!(KNOWN as ReadonlyArray<string>).includes(entry.action)) return t('actions.other', { action: entry.action })
	const text = t(`actions.${entry.action as (typeof KNOWN)[number]}`, {
		amount: details.amount,
		name: typeof details.name === 'string' ? details.name : '',
		from: typeof details.from === 'string' ? t(`plans.${details.from as 'free'}`) : '',
		to: typeof details.to === 'string' ? t(`plans.${details.to as 'free'}`) : '',
	})
	return typeof details.reason === 'string' && details.reason ? `${text} (${details.reason})` : text
}
