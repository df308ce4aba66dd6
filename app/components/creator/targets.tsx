import { Callout } from '@radix-ui/themes'
import { Info } from 'lucide-react'
import { Link } from 'react-router'
import { Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { Platform } from '#modules/content/platforms.ts'
import type { ChannelView } from '#modules/publishing/index.ts'
import { ChannelPicker } from './channel-picker.tsx'
import { PlatformCards } from './platform-cards.tsx'
import '#locales/ns/creator.ts'

/** Where the post goes: the brand's channels, or (none connected) the networks to write for. */
export type TargetChoice = {
	/** The brand's channels in the registry's order; empty: the network cards and the way to Konten. */
	channels: ReadonlyArray<ChannelView>
	channelIds: ReadonlyArray<string>
	onChannels: (ids: Array<string>) => void
	/** An opened post keeps the channels it was planned for. */
	locked: boolean
	/** Named when the user has several brands. */
	brandName: string | null
	/** No channel in this brand, but in another one. */
	otherBrands: boolean
}

/** The heading and the choice of step 3: channels (issue 38), or networks while none is connected. */
export function Targets({ target, platforms, onPlatforms, disabled }: { target: TargetChoice; platforms: Array<Platform>; onPlatforms: (platforms: Array<Platform>) => void; disabled: boolean }) {
	const { t } = useTranslation('creator')
	if (target.channels.length === 0) {
		return (
			<>
				<Heading as="h3" size="5">
					{t('platforms.heading')}
				</Heading>
				<Callout.Root color="blue" size="1" data-testid="no-channels">
					<Callout.Icon>
						<Info size={16} />
					</Callout.Icon>
					<Callout.Text>
						{target.otherBrands && target.brandName ? t('channels.emptyBrand', { name: target.brandName }) : t('channels.empty')} <Link to="/accounts">{t('channels.emptyLink')}</Link>
					</Callout.Text>
				</Callout.Root>
				<PlatformCards value={platforms} onChange={onPlatforms} disabled={disabled} />
			</>
		)
	}
	return (
		<>
			<Flex direction="column" gap="1">
				<Heading as="h3" size="5">
					{t('channels.heading')}
				</Heading>
				{target.brandName ? (
					<Text size="2" color="gray" data-testid="channel-brand">
						{t('channels.brand', { name: target.brandName })}
					</Text>
				) : null}
			</Flex>
			{target.locked ? (
				<Text size="2" color="gray">
					{t('channels.locked')}
				</Text>
			) : null}
			<ChannelPicker channels={target.channels} value={target.channelIds} onChange={target.onChannels} disabled={disabled || target.locked} />
		</>
	)
}
