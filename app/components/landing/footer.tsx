import { Container } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Brand } from './top-bar.tsx'
import '#locales/ns/landing.ts'

export function Footer() {
	const { t } = useTranslation('landing')
	return (
		<footer className="landing-footer">
			<Container size="4" px={{ initial: '4', md: '6' }}>
				<Flex direction={{ initial: 'column', sm: 'row' }} justify="between" align={{ initial: 'start', sm: 'center' }} gap="4" py="6">
					<Flex direction="column" gap="2">
						<Brand />
						<Text size="2" color="gray">
							{t('footer.tagline')}
						</Text>
					</Flex>
					<Text size="2" color="gray">
						{t('footer.rights')}
					</Text>
				</Flex>
			</Container>
		</footer>
	)
}
