import { Badge, Button, Card, Flex, Heading, Separator, Text } from '@radix-ui/themes'
import { Link2, Plus } from 'lucide-react'
import { Fragment } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import type { Platform } from '#modules/content/platforms.ts'
import { AccountBlock } from './account-block.tsx'
import { PagePicker } from './page-picker.tsx'
import { needsReconnect, type Connection } from './types.ts'
import { UpgradeLink } from './usage-note.tsx'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import '#locales/ns/accounts.ts'
import '#locales/ns/posts.ts'

type Props = {
	platform: Platform
	/** The user's accounts of this network, each with its channels. */
	connections: Array<Connection>
	sandbox: boolean
	/** The plan has no room for another channel: the pricing link instead of a connect button. */
	full: boolean
	onConnect: (platform: Platform) => void
	onReconnect: (connection: Connection) => void
}

/** One network: its accounts with their channels, the network's default channel, and 'Verbinden' / 'Weiteres Konto verbinden'. */
export function PlatformCard({ platform, connections, sandbox, full, onConnect, onReconnect }: Props) {
	const { t } = useTranslation('accounts')
	const platformName = usePlatformName()
	const name = platformName(platform)
	const state = connections.length === 0 ? 'none' : connections.some(needsReconnect) ? 'reconnect' : 'active'
	const channels = connections.flatMap((c) => c.pages)

	return (
		<Card size="3" asChild>
			<section aria-label={name} data-testid={`platform-${platform}`}>
				<Flex direction="column" gap="3">
					<Flex align="center" gap="3" wrap="wrap">
						<PlatformMark platform={platform} size={32} />
						<Heading as="h3" size="4">
							{name}
						</Heading>
						<StatusBadge state={state} />
						{(connections[0]?.sandbox ?? sandbox) ? (
							<Badge color="amber" variant="soft">
								{t('testMode')}
							</Badge>
						) : null}
					</Flex>

					{connections.map((connection) => (
						<Fragment key={connection.id}>
							<Separator size="4" />
							<AccountBlock connection={connection} networkName={name} onReconnect={onReconnect} />
						</Fragment>
					))}

					{channels.length > 0 ? (
						<>
							<Separator size="4" />
							<PagePicker pages={channels} label={t('card.defaultPage')} />
						</>
					) : null}

					<Flex justify={connections.length === 0 ? 'between' : 'end'} align="center" gap="3" wrap="wrap">
						{connections.length === 0 ? (
							<Text size="2" color="gray">
								{t('card.notConnected')}
							</Text>
						) : null}
						{full ? (
							<UpgradeLink />
						) : connections.length === 0 ? (
							<Button onClick={() => onConnect(platform)}>
								<Link2 size={16} /> {t('card.connect')}
							</Button>
						) : (
							<Button variant="soft" onClick={() => onConnect(platform)}>
								<Plus size={16} /> {t('connect.another')}
							</Button>
						)}
					</Flex>
				</Flex>
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
