import { Badge, Button, Callout, Card, Flex, Heading, Separator, Text } from '@radix-ui/themes'
import { AlertTriangle, Link2, RefreshCw, Unlink } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import type { Platform } from '#modules/content/platforms.ts'
import { DisconnectDialog } from './disconnect-dialog.tsx'
import { PagePicker } from './page-picker.tsx'
import type { Connection } from './types.ts'
import { useToastAction } from './use-toast-action.ts'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import '#locales/ns/accounts.ts'
import '#locales/ns/posts.ts'

type Props = {
	platform: Platform
	connection: Connection | null
	sandbox: boolean
	onConnect: (platform: Platform) => void
}

/** One platform: its real connection (account, state, pages, default page) or 'Verbinden'. */
export function PlatformCard({ platform, connection, sandbox, onConnect }: Props) {
	const { t } = useTranslation('accounts')
	const platformName = usePlatformName()
	const name = platformName(platform)
	const { fetcher: disconnecter, submit } = useToastAction()
	const [confirming, setConfirming] = useState(false)
	const disconnecting = disconnecter.state !== 'idle'
	const shown = disconnecting ? null : connection
	const needsReconnect = shown?.status === 'reconnect_required' || shown?.status === 'revoked'

	return (
		<Card size="3" asChild>
			<section aria-label={name} data-testid={`platform-${platform}`}>
				<Flex direction="column" gap="3">
					<Flex align="center" gap="3" wrap="wrap">
						<PlatformMark platform={platform} size={32} />
						<Heading as="h3" size="4">
							{name}
						</Heading>
						<StatusBadge state={shown ? (needsReconnect ? 'reconnect' : 'active') : 'none'} />
						{(shown?.sandbox ?? sandbox) ? (
							<Badge color="amber" variant="soft">
								{t('testMode')}
							</Badge>
						) : null}
					</Flex>

					{shown ? (
						<>
							<Text size="2" data-testid="account-name">
								{t('card.account', { name: shown.accountName })}
							</Text>
							{needsReconnect ? (
								<Callout.Root color="orange" size="1">
									<Callout.Icon>
										<AlertTriangle size={16} />
									</Callout.Icon>
									<Callout.Text>{shown.reconnectReason ?? t('status.reconnect')}</Callout.Text>
								</Callout.Root>
							) : null}
							<Separator size="4" />
							<PagePicker pages={shown.pages} label={t('card.defaultPage')} />
							<Flex gap="2" wrap="wrap" justify="end">
								{needsReconnect ? (
									<Button onClick={() => onConnect(platform)}>
										<RefreshCw size={16} /> {t('card.reconnect')}
									</Button>
								) : null}
								<Button variant="soft" color="red" onClick={() => setConfirming(true)}>
									<Unlink size={16} /> {t('card.disconnect')}
								</Button>
							</Flex>
						</>
					) : (
						<Flex justify="between" align="center" gap="3" wrap="wrap">
							<Text size="2" color="gray">
								{t('card.notConnected')}
							</Text>
							<Button onClick={() => onConnect(platform)} loading={disconnecting}>
								<Link2 size={16} /> {t('card.connect')}
							</Button>
						</Flex>
					)}
				</Flex>
				{confirming && connection ? (
					<DisconnectDialog
						name={name}
						accountName={connection.accountName}
						onCancel={() => setConfirming(false)}
						onConfirm={() => {
							setConfirming(false)
							void submit({ intent: 'disconnect', platform })
						}}
					/>
				) : null}
			</section>
		</Card>
	)
}

function StatusBadge({ state }: { state: 'active' | 'reconnect' | 'none' }) {
	const { t } = useTranslation('accounts')
	const color = state === 'active' ? 'green' : state === 'reconnect' ? 'orange' : 'gray'
	return (
		<Badge color={color} data-testid="connection-status">
			{t(`status.${state}`)}
		</Badge>
	)
}
