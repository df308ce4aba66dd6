import { Badge, Flex, Text, TextArea } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import { preflightWording } from '#modules/publishing/preflight.ts'
import type { PlatformView } from '#modules/publishing/descriptor.ts'
import { strictestCount, type CommentNotice } from './first-comment-checks.ts'
import '#locales/ns/posts.ts'
import '#locales/ns/publishing.ts'

/**
 * One first-comment text: its field, the count against the strictest limit of the networks it goes to
 * (`descriptors`), and the preflight's notices (red: planning refuses them).
 */
export function FirstCommentBox({
	id,
	name,
	label,
	value,
	onChange,
	descriptors,
	notices,
	children,
}: {
	id: string
	name: string
	label: string
	value: string
	onChange: (text: string) => void
	descriptors: ReadonlyArray<PlatformView>
	notices: ReadonlyArray<CommentNotice>
	children?: React.ReactNode
}) {
	const { t } = useTranslation('posts')
	const platformName = usePlatformName()
	const counted = strictestCount(descriptors, value)
	return (
		<Flex direction="column" gap="2" data-testid={`${id}-box`}>
			<Text as="label" size="2" weight="medium" htmlFor={id}>
				{label}
			</Text>
			<TextArea id={id} name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)} rows={3} resize="vertical" color={counted?.over ? 'red' : undefined} />
			{counted ? (
				<Text size="1" color={counted.over ? 'red' : 'gray'} weight={counted.over ? 'bold' : 'regular'} align="right" data-testid="first-comment-counter" data-over={counted.over}>
					{t('firstComment.counterOf', { length: counted.count, max: counted.limit, platform: platformName(counted.platform) })}
				</Text>
			) : null}
			<CommentNotices notices={notices} />
			{children}
		</Flex>
	)
}

/** The preflight's German messages, each naming its network (and channel, where only that one refuses). */
export function CommentNotices({ notices }: { notices: ReadonlyArray<CommentNotice> }) {
	const { t } = useTranslation(['posts', 'publishing'])
	const platformName = usePlatformName()
	if (notices.length === 0) return null
	return (
		<Flex gap="1" direction="column" align="start" data-testid="first-comment-notices">
			{notices.map(({ id, platform, channelName, problem, descriptor }) => {
				const name = platformName(platform)
				const wording = preflightWording(descriptor, problem, name)
				// The key types cut a code at its last underscore (i18next's context suffix); the lookup itself is exact.
				const message = t(`publishing:preflight.${wording.key}` as 'publishing:preflight.empty', wording.values)
				return (
					<Badge key={id} color={problem.severity === 'error' ? 'red' : 'amber'} data-testid={`first-comment-${problem.code}`} style={{ whiteSpace: 'normal' }}>
						{t('posts:firstComment.notice', { target: channelName ? `${name} (${channelName})` : name, message })}
					</Badge>
				)
			})}
		</Flex>
	)
}
