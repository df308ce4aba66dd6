import { Badge, Card, Checkbox, Flex, Text } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import type { Platform } from '#modules/content/platforms.ts'
import type { ChannelView } from '#modules/publishing/index.ts'
import { usePlatformName, usePlatforms } from '#app/utils/use-platforms.ts'
import '#locales/ns/posts.ts'

/**
 * The editor's channel picker (issue 38): the brand's channels as checkboxes, grouped by network. A
 * network of the post without a channel in the brand says so; a channel whose connection must be
 * renewed says that too (planning later is fine, the one-hour-before check reminds).
 */
export function ChannelPicker({
	channels,
	note,
	networks,
	chosen,
	onChange,
}: {
	/** The brand's channels; null while they load (or after a failed load: `note` says which). */
	channels: ReadonlyArray<ChannelView> | null
	note?: string
	/** The post's networks as stored: one without a channel in the brand is named. */
	networks: ReadonlyArray<Platform>
	chosen: ReadonlyArray<string>
	onChange: (chosen: Array<string>) => void
}) {
	const { t } = useTranslation('posts')
	const platformName = usePlatformName()
	const order = usePlatforms().map((p) => p.id)
	const shown = order.filter((p) => networks.includes(p) || channels?.some((c) => c.platform === p))
	const toggle = (id: string, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((c) => c !== id))
	return (
		<Card data-testid="channel-picker" mb="3">
			<Flex direction="column" gap="2">
				<Text weight="bold">
					{t('editor.channels')}
				</Text>
				<Text size="1" color="gray">
					{t('editor.channelsHint')}
				</Text>
				{channels === null ? (
					<Text size="2" color="gray" role="status">
						{note ?? t('editor.channelsLoading')}
					</Text>
				) : (
					shown.map((platform) => {
						const own = channels.filter((c) => c.platform === platform)
						const name = platformName(platform)
						return (
							<fieldset key={platform} aria-label={name} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
								<Flex direction="column" gap="1">
									<Flex gap="2" align="center">
										<PlatformMark platform={platform} size={18} decorative />
										<Text size="2" weight="medium" aria-hidden>
											{name}
										</Text>
									</Flex>
									{own.length === 0 ? (
										<Text size="1" color="amber">
											{t('editor.noChannelInBrand', { network: name })}
										</Text>
									) : (
										<Flex direction="column" gap="1">
											{own.map((channel) => (
												<Text as="label" size="2" key={channel.id} className="channel-option">
													<Flex gap="2" align="center" wrap="wrap">
														<Checkbox checked={chosen.includes(channel.id)} onCheckedChange={(on) => toggle(channel.id, on === true)} />
														{channel.pageName}
														{channel.problem ? (
															<Badge color="amber" size="1">
																{t('editor.channelProblem')}
															</Badge>
														) : null}
													</Flex>
												</Text>
											))}
										</Flex>
									)}
								</Flex>
							</fieldset>
						)
					})
				)}
				{channels !== null && chosen.length === 0 ? (
					<Text size="1" color="red" role="alert" data-testid="channels-none">
						{t('editor.channelsNone')}
					</Text>
				) : null}
			</Flex>
		</Card>
	)
}

/**
 * Where the picker starts: the item's channels, and for each of its networks without one (a draft that
 * chose none, a delivery without a channel) the page chosen for it before, else its brand's default.
 */
export function startingChannels(item: { platforms: ReadonlyArray<Platform>; channelIds: ReadonlyArray<string>; pageIds: Partial<Record<Platform, string>>; brandId: string }, channels: ReadonlyArray<ChannelView>): Array<string> {
	const own = item.channelIds.filter((id) => channels.some((c) => c.id === id))
	const covered = new Set(own.map((id) => channels.find((c) => c.id === id)!.platform))
	const defaults = item.platforms.flatMap((p) => {
		if (covered.has(p)) return []
		const page = channels.find((c) => c.id === item.pageIds[p] && c.platform === p) ?? channels.find((c) => c.platform === p && c.brandId === item.brandId && c.isDefault)
		return page ? [page.id] : []
	})
	return [...own, ...defaults]
}
