import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Button, Table, VisuallyHidden } from '@radix-ui/themes'
import { AppWindow } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { Badge, Flex, Text } from '#app/components/ui/lean.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { OAuthGrantView } from '#modules/accounts/oauth-types.ts'
import type { AppReply } from '#app/server/connected-apps-settings.server.ts'
import { SettingsSection } from './section.tsx'
import '#locales/ns/integrations.ts'

/** 'Verbundene Apps': the apps allowed by OAuth consent (name, scopes, when, last use) with 'Zugriff entziehen'. */
export function ConnectedAppsPanel({ apps, timeZone }: { apps: Array<OAuthGrantView>; timeZone: string }) {
	const { t } = useTranslation('integrations')
	const revoke = useFetcher<AppReply>({ key: 'app-revoke' })
	useFetcherNotice(revoke)
	const [asking, setAsking] = useState<OAuthGrantView | null>(null)
	const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone, 'dd.MM.yyyy HH:mm') : t('apps.never'))
	return (
		<SettingsSection id="connected-apps" icon={<AppWindow size={20} />} title={t('apps.title')} description={t('apps.description')}>
			{apps.length === 0 ? (
				<Text size="2" color="gray">
					{t('apps.empty')}
				</Text>
			) : (
				<Table.Root variant="surface" size="1">
					<Table.Header>
						<Table.Row>
							<Table.ColumnHeaderCell>{t('apps.columns.name')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell>{t('apps.columns.scopes')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell>{t('apps.columns.granted')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell>{t('apps.columns.lastUsed')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell>
								<VisuallyHidden>{t('apps.revoke')}</VisuallyHidden>
							</Table.ColumnHeaderCell>
						</Table.Row>
					</Table.Header>
					<Table.Body>
						{apps.map((app) => (
							<Table.Row key={app.id} data-testid="connected-app-row">
								<Table.RowHeaderCell>{app.clientName}</Table.RowHeaderCell>
								<Table.Cell>
									<Flex gap="1" wrap="wrap">
										{app.scopes.map((scope) => (
											<Badge key={scope} color="gray">
												{t(`tokens.scope.${scope}`)}
											</Badge>
										))}
									</Flex>
								</Table.Cell>
								<Table.Cell>{when(app.grantedAt)}</Table.Cell>
								<Table.Cell>{when(app.lastUsedAt)}</Table.Cell>
								<Table.Cell>
									<Button type="button" size="1" variant="soft" color="red" onClick={() => setAsking(app)} aria-label={`${t('apps.revoke')}: ${app.clientName}`}>
										{t('apps.revoke')}
									</Button>
								</Table.Cell>
							</Table.Row>
						))}
					</Table.Body>
				</Table.Root>
			)}
			<ConfirmDialog
				open={asking !== null}
				title={t('apps.revokeTitle')}
				text={asking ? t('apps.revokeText', { name: asking.clientName }) : ''}
				confirmLabel={t('apps.revokeConfirm')}
				cancelLabel={t('apps.cancel')}
				onConfirm={() => (asking ? revoke.submit({ intent: 'app-revoke', grantId: asking.id }, { method: 'post' }) : null)}
				onCancel={() => setAsking(null)}
			/>
		</SettingsSection>
	)
}
