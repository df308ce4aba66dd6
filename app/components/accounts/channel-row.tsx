import { Avatar } from '@radix-ui/themes'
import { Badge, Flex, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { formatNumber } from '#app/utils/format.ts'
import { initialsOf } from '#app/utils/initials.ts'
import type { ConnectedPage } from './types.ts'
import '#locales/ns/accounts.ts'

/** One channel of an account: avatar, name, network, type, brand, state and followers. */
export function ChannelRow({ channel, networkName, reconnect }: { channel: ConnectedPage; networkName: string; reconnect: boolean }) {
	const { t } = useTranslation('accounts')
	const type = channel.type === 'business' ? 'business' : 'personal'
	return (
		<Flex as="li" align="center" gap="3" data-testid="channel" data-channel-id={channel.id}>
			<Avatar size="3" radius="full" src={channel.pictureUrl ?? undefined} fallback={initialsOf(channel.name)} alt="" />
			<Flex direction="column" gap="1" style={{ minWidth: 0, flex: 1 }}>
				<Flex align="center" gap="2" wrap="wrap">
					<Text weight="medium" style={{ overflowWrap: 'anywhere' }} data-testid="channel-name">
						{channel.name}
					</Text>
					{channel.isDefault ? (
						<Badge color="indigo" size="1">
							{t('card.default')}
						</Badge>
					) : null}
				</Flex>
				<Text size="1" color="gray">
					{networkName} · {t(`card.channelTypes.${type}`)} · {t('card.brand', { name: channel.brandName })} · {t('card.followers', { followers: formatNumber(channel.followerCount) })}
				</Text>
			</Flex>
			<Badge color={reconnect ? 'orange' : 'green'} size="1" data-testid="channel-status">
				{t(reconnect ? 'status.reconnect' : 'status.active')}
			</Badge>
		</Flex>
	)
}
