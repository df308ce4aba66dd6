import { Button, Container, Section } from '@radix-ui/themes'
import { Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { ArrowRight, Check } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import '#locales/ns/landing.ts'

export function ClosingCta() {
	const { t } = useTranslation('landing')
	return (
		<Section size={{ initial: '2', md: '3' }} aria-labelledby="landing-closing-title">
			<Container size="3" px={{ initial: '4', md: '6' }}>
				<div className="landing-closing">
					<Flex direction="column" align="center" gap="5">
						<Heading as="h2" id="landing-closing-title" size={{ initial: '7', md: '8' }}>
							{t('closing.title')}
						</Heading>
						<Text as="p" size="4" style={{ maxWidth: '36rem', opacity: 0.9 }}>
							{t('closing.text')}
						</Text>
						<Button asChild size="4" className="landing-closing-button">
							<Link to="/onboarding">
								{t('closing.cta')}
								<ArrowRight size={18} aria-hidden />
							</Link>
						</Button>
						<Flex gap="5" wrap="wrap" justify="center">
							<Perk text={t('hero.noCreditCard')} />
							<Perk text={t('hero.freeCredits')} />
						</Flex>
					</Flex>
				</div>
			</Container>
		</Section>
	)
}

function Perk({ text }: { text: string }) {
	return (
		<Flex align="center" gap="2">
			<Check size={16} aria-hidden />
			<Text size="2" weight="medium">
				{text}
			</Text>
		</Flex>
	)
}
