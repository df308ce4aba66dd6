import { Button, Callout } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { AlertTriangle, RefreshCw, Unlink } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { ChannelRow } from './channel-row.tsx'
import { DisconnectDialog } from './disconnect-dialog.tsx'
import { needsReconnect, type Connection } from './types.ts'
import { useToastAction } from './use-toast-action.ts'
import '#locales/ns/accounts.ts'

type Props = { connection: Connection; networkName: string; onReconnect: (connection: Connection) => void }

/** One connected account (a social_tokens row): its channels, 'Verbindung erneuern' when its token died, 'Trennen' with a confirm. */
export function AccountBlock({ connection, networkName, onReconnect }: Props) {
	const { t } = useTranslation('accounts')
	const { fetcher, submit } = useToastAction()
	const [confirming, setConfirming] = useState(false)
	const reconnect = needsReconnect(connection)
	// Gone at once while the disconnect runs; the live reload brings the page's new state.
	if (fetcher.state !== 'idle' || (fetcher.data?.ok && fetcher.formData === undefined)) return null

	return (
		<Flex direction="column" gap="3" data-testid="account" data-account-id={connection.id}>
			<Text size="2" weight="medium" data-testid="account-name">
				{t('card.account', { name: connection.accountName })}
			</Text>
			{reconnect ? (
				<Callout.Root color="orange" size="1">
					<Callout.Icon>
						<AlertTriangle size={16} />
					</Callout.Icon>
					<Callout.Text>{connection.reconnectReason ?? t('card.reconnectHint')}</Callout.Text>
				</Callout.Root>
			) : null}
			{connection.pages.length === 0 ? (
				<Text size="2" color="gray">
					{t('card.noPages')}
				</Text>
			) : (
				<Flex as="ul" direction="column" gap="3" aria-label={t('card.channels')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
					{connection.pages.map((channel) => (
						<ChannelRow key={channel.id} channel={channel} networkName={networkName} reconnect={reconnect} />
					))}
				</Flex>
			)}
			<Flex gap="2" wrap="wrap" justify="end">
				{reconnect ? (
					<Button onClick={() => onReconnect(connection)}>
						<RefreshCw size={16} /> {t('card.reconnect')}
					</Button>
				) : null}
				<Button variant="soft" color="red" onClick={() => setConfirming(true)}>
					<Unlink size={16} /> {t('card.disconnect')}
				</Button>
			</Flex>
			{confirming ? (
				<DisconnectDialog
					name={networkName}
					accountName={connection.accountName}
					channels={connection.pages.length}
					onCancel={() => setConfirming(false)}
					onConfirm={() => {
						setConfirming(false)
						void submit({ intent: 'disconnect', accountId: connection.id })
					}}
				/>
			) : null}
		</Flex>
	)
}
