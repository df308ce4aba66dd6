import { Checkbox } from '@radix-ui/themes'
import { Link } from 'react-router'
import { Badge, Flex, Text } from '#app/components/ui/lean.tsx'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import { InitialsAvatar } from '#app/components/initials-avatar.tsx'
import { initialsOf } from '#app/utils/initials.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import { usePlatformName, usePlatforms } from '#app/utils/use-platforms.ts'
import type { ChannelView } from '#modules/publishing/index.ts'
import { channelsByNetwork, toggleAll, toggleChannel } from './channel-choice.ts'
import '#locales/ns/creator.ts'

type Props = {
	/** The brand's channels (listChannels' order). */
	channels: ReadonlyArray<ChannelView>
	value: ReadonlyArray<string>
	onChange: (ids: Array<string>) => void
	disabled?: boolean
}

/**
 * The creator's channel step: the brand's channels grouped by network (registry order), each group a
 * fieldset named by its network with 'Alle' (every selectable channel of it, or none). A channel that
 * needs reconnecting cannot be chosen (it links to Konten); chosen before, it can still be cleared.
 */
export function ChannelPicker({ channels, value, onChange, disabled }: Props) {
	const { t } = useTranslation('creator')
	const platformName = usePlatformName()
	const order = usePlatforms().map((p) => p.id)
	const chosen = new Set(value)
	return (
		<Flex direction="column" gap="3">
			{channelsByNetwork(channels, order).map(({ platform, channels: group }) => {
				const selectable = group.filter((c) => !c.problem)
				const picked = selectable.filter((c) => chosen.has(c.id)).length
				const network = platformName(platform)
				return (
					<fieldset key={platform} className="creator-channel-group" data-testid={`channels-${platform}`}>
						<legend className="creator-channel-legend">
							<PlatformMark platform={platform} decorative />
							<Text weight="bold">{network}</Text>
						</legend>
						<Text as="label" size="2" className="creator-channel-option">
							<Checkbox
								checked={picked === 0 ? false : picked === selectable.length ? true : 'indeterminate'}
								onCheckedChange={() => onChange(toggleAll(channels, value, platform, picked < selectable.length))}
								disabled={disabled || selectable.length === 0}
								aria-label={t('channels.allLabel', { network })}
							/>
							<Text weight="medium">{t('channels.all')}</Text>
						</Text>
						{group.map((channel) => (
							<ChannelOption key={channel.id} channel={channel} checked={chosen.has(channel.id)} disabled={disabled} onToggle={() => onChange(toggleChannel(channels, value, channel.id))} />
						))}
					</fieldset>
				)
			})}
			<Text size="2" color="gray">
				{t('channels.more')}{' '}
				<Link to="/accounts">{t('channels.accounts')}</Link>.
			</Text>
		</Flex>
	)
}

function ChannelOption({ channel, checked, disabled, onToggle }: { channel: ChannelView; checked: boolean; disabled?: boolean; onToggle: () => void }) {
	const { t } = useTranslation('creator')
	const reconnect = channel.problem !== null
	return (
		<Flex align="center" gapX="2" wrap="wrap" data-testid="creator-channel" data-channel-id={channel.id}>
			<Text as="label" size="2" className="creator-channel-option" style={{ flex: '1 1 14rem' }}>
				{/* Not choosable while it needs reconnecting; chosen before (a draft), it can be cleared. */}
				<Checkbox checked={checked} onCheckedChange={onToggle} disabled={disabled || (reconnect && !checked)} />
				{/* A plain image or the initials: Radix's Avatar would bring its image-loading primitive to the creator. */}
				{channel.pictureUrl ? <img src={channel.pictureUrl} alt="" width={24} height={24} style={{ borderRadius: '50%', objectFit: 'cover', flexShrink: 0 }} /> : <InitialsAvatar initials={initialsOf(channel.pageName)} size="1" aria-hidden />}
				<Flex direction="column" style={{ flex: 1, minWidth: 0 }}>
					<Flex align="center" gap="2" wrap="wrap">
						<Text weight="medium" style={{ overflowWrap: 'anywhere' }}>
							{channel.pageName}
						</Text>
						{channel.isDefault ? (
							<Badge color="indigo" data-testid="channel-default">
								{t('channels.default')}
							</Badge>
						) : null}
						{reconnect ? (
							<Badge color="orange" data-testid="channel-reconnect">
								{t('channels.reconnect')}
							</Badge>
						) : null}
					</Flex>
					<Text size="1" color="gray">
						{t(channel.pageType === 'business' ? 'channels.business' : 'channels.personal')}
						{channel.accountName && channel.accountName !== channel.pageName ? ` · ${channel.accountName}` : ''}
					</Text>
				</Flex>
			</Text>
			{reconnect ? (
				<Link to="/accounts" className="creator-channel-link" aria-label={t('channels.reconnectLabel', { channel: channel.pageName })}>
					{t('channels.reconnectLink')}
				</Link>
			) : null}
		</Flex>
	)
}
