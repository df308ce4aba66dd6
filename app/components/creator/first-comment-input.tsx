import { FirstCommentBox } from '#app/components/posts/first-comment-box.tsx'
import { commentNotices } from '#app/components/posts/first-comment-checks.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import { usePlatform, usePlatformName } from '#app/utils/use-platforms.ts'
import type { Platform } from '#modules/content/platforms.ts'
import type { ChannelView } from '#modules/publishing/index.ts'
import '#locales/ns/posts.ts'

/**
 * A network's 'Erster Kommentar' under its text in the preview (ADR 0062): counted against the network's
 * limit, with the preflight's notices for its chosen channels (a member profile where only pages may).
 */
export function FirstCommentInput({ platform, value, channels, onChange }: { platform: Platform; value: string; channels: ReadonlyArray<ChannelView>; onChange: (text: string) => void }) {
	const { t } = useTranslation('posts')
	const descriptor = usePlatform(platform)
	const name = usePlatformName()(platform)
	const descriptors = descriptor ? [descriptor] : []
	return (
		<FirstCommentBox
			id={`first-comment-${platform}`}
			name={`firstComment.${platform}`}
			label={t('firstComment.ownLabel', { platform: name })}
			value={value}
			onChange={onChange}
			descriptors={descriptors}
			notices={commentNotices(descriptors, () => value, channels)}
		/>
	)
}
