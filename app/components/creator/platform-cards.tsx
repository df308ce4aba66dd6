import { Badge, CheckboxCards, Flex, Text } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import type { Platform } from '#modules/content/platforms.ts'
import { usePlatformName, usePlatforms } from '#app/utils/use-platforms.ts'
import '#locales/ns/creator.ts'
import '#locales/ns/posts.ts'

/** The registered platforms (registry order) as a multi-select of cards with their description and writing style. */
export function PlatformCards({ value, onChange, disabled }: { value: Array<Platform>; onChange: (platforms: Array<Platform>) => void; disabled?: boolean }) {
	const { t } = useTranslation('creator')
	const platformName = usePlatformName()
	const platforms = usePlatforms()
	const ids = platforms.map((p) => p.id)
	// A description per platform in locales/de/creator.json; a platform without one shows none.
	const descriptions = t('platforms.descriptions', { returnObjects: true }) as Record<string, string>
	const styleOf = (id: Platform) => platforms.find((p) => p.id === id)?.text.style ?? ''
	return (
		<CheckboxCards.Root
			aria-label={t('platforms.label')}
			value={value}
			onValueChange={(next) => onChange(ids.filter((p) => next.includes(p)))}
			columns={{ initial: '1', sm: '2' }}
			gap="3"
			disabled={disabled}
		>
			{ids.map((platform) => (
				<CheckboxCards.Item key={platform} value={platform} data-testid={`platform-${platform}`}>
					<Flex direction="column" gap="1" width="100%">
						<Flex gap="2" align="center" justify="between">
							<Flex gap="2" align="center">
								<PlatformMark platform={platform} />
								<Text weight="bold">{platformName(platform)}</Text>
							</Flex>
							<Badge variant="soft" color="gray">
								{t('platforms.style', { style: styleOf(platform) })}
							</Badge>
						</Flex>
						<Text size="2" color="gray">
							{descriptions[platform] ?? ''}
						</Text>
					</Flex>
				</CheckboxCards.Item>
			))}
		</CheckboxCards.Root>
	)
}
