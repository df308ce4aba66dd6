import { Badge, Flex, Text } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { Platform } from '#modules/content/platforms.ts'
import { countFor } from '#modules/publishing/descriptor.ts'
import { preflight, preflightWording, type PreflightInput } from '#modules/publishing/preflight.ts'
import { usePlatform, usePlatformName } from '#app/utils/use-platforms.ts'
import '#locales/ns/posts.ts'
import '#locales/ns/publishing.ts'

/**
 * A text judged as its network will: the length in the network's own counting (emoji bytes, links,
 * escapes) against its limit, and the preflight's problems. `textOnly` leaves out the image's problems
 * (a channel's own text: its network's card shows them already).
 */
export function useTextChecks(platform: Platform, value: string, image: PreflightInput['image'], textOnly = false) {
	const descriptor = usePlatform(platform)
	const limit = descriptor?.text.limit ?? Infinity
	const length = descriptor ? countFor(descriptor, value) : value.length
	const all = descriptor ? preflight(descriptor, { text: value, image }) : []
	const problems = textOnly ? all.filter((p) => !p.code.startsWith('image_')) : all
	const words = value.trim() ? value.trim().split(/\s+/).length : 0
	return { platform, descriptor, limit, length, over: length > limit, problems, words }
}

export type TextChecks = ReturnType<typeof useTextChecks>

/** Words and characters of a text; over the network's limit in red. */
export function TextCounter({ checks }: { checks: TextChecks }) {
	const { t } = useTranslation('posts')
	const { over } = checks
	return (
		<Flex justify="between" align="center" gap="2">
			<Text size="1" color="gray">
				{t('editor.words', { count: checks.words })}
			</Text>
			<Text size="1" color={over ? 'red' : 'gray'} weight={over ? 'bold' : 'regular'} data-testid="char-counter" data-over={over}>
				{t('editor.counter', { count: checks.length, max: checks.limit })}
			</Text>
		</Flex>
	)
}

/** The network's rules as badges: red where it would refuse, amber where planning asks first. */
export function PreflightBadges({ checks }: { checks: TextChecks }) {
	const { t } = useTranslation(['posts', 'publishing'])
	const label = usePlatformName()(checks.platform)
	const { descriptor, problems } = checks
	if (!descriptor || problems.length === 0) return null
	return (
		<Flex gap="1" direction="column" align="start" data-testid="preflight">
			{problems.map((problem) => {
				const wording = preflightWording(descriptor, problem, label)
				return (
					<Badge key={problem.code} color={problem.severity === 'error' ? 'red' : 'amber'} data-testid={`preflight-${problem.code}`} style={{ whiteSpace: 'normal' }}>
						{/* The key types cut a code at its last underscore (i18next's context suffix); the lookup itself is exact. */}
						{t(`publishing:preflight.${wording.key}` as 'publishing:preflight.empty', wording.values)}
					</Badge>
				)
			})}
		</Flex>
	)
}
