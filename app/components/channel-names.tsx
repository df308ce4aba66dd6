import { useCallback } from 'react'
import type { Platform } from '#modules/core/platform-id.ts'
import { usePlatformName } from '#app/utils/use-platforms.ts'

// Where a post goes (issue 38): with two accounts on one network the network alone does not say it.
// Cards, calendar chips (for screen readers) and hover cards name the channels the same way, one
// group per network: "Instagram: Bäckerei Winterthur, Café am Markt · LinkedIn: Anna Muster". A user
// with one channel per network sees one short group per network.

/** A channel as a post names it: its network and its name. */
export type ChannelName = { platform: string; name: string }

/** The channels grouped by network, in the order given (the server sorts them by network, then name). */
export function byNetwork(channels: ReadonlyArray<ChannelName>): Array<{ platform: string; names: Array<string> }> {
	const groups = new Map<string, Array<string>>()
	for (const { platform, name } of channels) {
		const names = groups.get(platform)
		if (names) names.push(name)
		else groups.set(platform, [name])
	}
	return [...groups].map(([platform, names]) => ({ platform, names }))
}

/** The channels as one line of text ("Instagram: A, B · LinkedIn: C"; `between` joins the networks). */
export function useChannelLine(): (channels: ReadonlyArray<ChannelName>, between?: string) => string {
	const platformName = usePlatformName()
	return useCallback(
		(channels, between = ' · ') =>
			byNetwork(channels)
				.map((group) => `${platformName(group.platform as Platform)}: ${group.names.join(', ')}`)
				.join(between),
		[platformName],
	)
}

/** The channels of a post as a small grey line (nothing when it has none). Plain elements: a board draws up to 60 cards. */
export function ChannelNames({ channels }: { channels: ReadonlyArray<ChannelName> }) {
	const platformName = usePlatformName()
	if (channels.length === 0) return null
	return (
		<p data-testid="post-channels" data-accent-color="gray" className="rt-Text rt-r-size-1" style={{ margin: 0 }}>
			{byNetwork(channels).map((group, index) => (
				<span key={group.platform} data-platform={group.platform}>
					{index > 0 ? ' · ' : null}
					{platformName(group.platform as Platform)}: {group.names.join(', ')}
				</span>
			))}
		</p>
	)
}
