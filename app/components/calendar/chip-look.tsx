import { createContext, useContext, useMemo } from 'react'
import type { PostPlatform } from '#modules/content/platforms.ts'
import { MULTIPLE_BADGE } from '#app/components/platform-badge.tsx'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import { usePlatformName, usePlatforms } from '#app/utils/use-platforms.ts'
import { useChannelLine } from '#app/components/channel-names.tsx'
import { longDay } from './format.ts'
import type { CalendarPost } from './types.ts'
import '#locales/ns/calendar.ts'
import '#locales/ns/posts.ts'

/** How a post's platform looks on a chip: the colour scale, and the mark's badge and `data-platform`. */
export type ChipPlatform = { color: string; badge: string; mark: string }

/** What every chip of a page draws the same way, made once per page instead of per chip (a month shows ~80). */
export type ChipLook = {
	platform: (platform: PostPlatform) => ChipPlatform
	/** The chip's name after the time and title it shows: channels (else platform), status and day, for screen readers. */
	details: (post: CalendarPost) => string
	/** aria-roledescription: a scheduled post can be moved, a published one not. */
	role: (locked: boolean) => string
}

const ChipLookContext = createContext<ChipLook | null>(null)

export function useMakeChipLook(): ChipLook {
	const platforms = usePlatforms()
	const platformName = usePlatformName()
	const t = useFixedT('calendar')
	const tp = useFixedT('posts')
	const channelLine = useChannelLine()
	return useMemo(() => {
		const byId = new Map<string, ChipPlatform>()
		for (const p of platforms) byId.set(p.id, { color: p.color.scale, badge: p.badge, mark: p.id })
		// Several platforms: violet; one no longer registered: gray. Both marked as PlatformMark marks them.
		const other: ChipPlatform = { color: 'violet', badge: MULTIPLE_BADGE, mark: 'multiple' }
		return {
			platform: (platform) => byId.get(platform) ?? (platform === 'multiple' ? other : { ...other, color: 'gray' }),
			details: (post) => {
				const when = { status: tp(`status.${post.status}`), day: longDay(post.date) }
				// "Instagram: Bäckerei Winterthur, Café am Markt; LinkedIn: Anna Muster" (the networks by semicolons: the list goes on with commas).
				if (post.channels.length > 0) return t('chip.detailsChannels', { channels: channelLine(post.channels, '; '), ...when })
				return t('chip.details', { platform: platformName(post.platform), ...when })
			},
			role: (locked) => (locked ? t('chip.lockedRole') : t('chip.role')),
		}
	}, [platforms, platformName, channelLine, t, tp])
}

export const ChipLookProvider = ChipLookContext.Provider

export function useChipLook() {
	const look = useContext(ChipLookContext)
	if (!look) throw new Error('useChipLook outside ChipLookProvider')
	return look
}
