import { Badge, Flex, Inset, Text } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import { longDay } from './format.ts'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import { ChannelNames } from '#app/components/channel-names.tsx'
import type { CalendarPost } from './types.ts'
import type { CalendarPreview } from '#modules/content/index.ts'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import '#locales/ns/calendar.ts'
import '#locales/ns/posts.ts'

/** The card's text and image: read when it first opens. */
export type PreviewDetails = CalendarPreview | 'loading' | 'failed'

/** The hover card: title, platform, status, channels, date line (from the chip), excerpt and image (`details`). */
export function PostPreview({ post, details }: { post: CalendarPost; details: PreviewDetails }) {
	const { t } = useTranslation('calendar')
	const { t: tp } = useTranslation('posts')
	const platformName = usePlatformName()
	const when = t('when', { day: longDay(post.date), time: post.time })
	return (
		<Flex direction="column" gap="2" data-testid="post-preview">
			{typeof details === 'object' && details.imageUrl ? (
				<Inset side="top" clip="padding-box" pb="current">
					<img src={details.imageUrl} alt={t('preview.image')} className="cal-preview-image" />
				</Inset>
			) : null}
			<Text as="div" weight="bold" size="3">
				{post.title}
			</Text>
			<Flex gap="2" align="center" wrap="wrap">
				<Flex gap="1" align="center">
					<PlatformMark platform={post.platform} size={18} />
					<Text size="2">{platformName(post.platform)}</Text>
				</Flex>
				<Badge color={post.status === 'published' ? 'green' : 'blue'} variant="soft">
					{tp(`status.${post.status}`)}
				</Badge>
				{typeof details === 'object' && details.aiLabelled ? (
					<Badge color="violet" variant="soft" title={t('preview.aiLabelledTitle')} data-testid="preview-ai">
						{t('preview.aiLabelled')}
					</Badge>
				) : null}
			</Flex>
			<ChannelNames channels={post.channels} />
			<Text size="1" color="gray">
				{post.status === 'published' ? t('preview.published', { when }) : t('preview.scheduled', { when })}
			</Text>
			{typeof details === 'object' ? (
				<Text as="p" size="2">
					{details.excerpt || t('preview.noText')}
				</Text>
			) : (
				<Text as="p" size="2" color="gray" aria-busy={details === 'loading'}>
					{t(details === 'loading' ? 'preview.loading' : 'preview.failed')}
				</Text>
			)}
			{typeof details === 'object' && details.firstComment ? (
				<Text as="p" size="2" color="gray" data-testid="preview-first-comment">
					{t('preview.firstComment', { text: details.firstComment })}
				</Text>
			) : null}
			<Text size="1" color="gray">
				{post.status === 'published' ? t('preview.editHintLocked') : t('preview.editHint')}
			</Text>
		</Flex>
	)
}
