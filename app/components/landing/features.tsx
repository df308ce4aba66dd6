import { Card, Container, Flex, Grid, Heading, Section, Text } from '@radix-ui/themes'
import { BrainCircuit, CalendarClock, ChartColumn, Share2, Target, WandSparkles, type LucideIcon } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { SectionHeading } from './section-heading.tsx'
import '#locales/ns/landing.ts'

const features = [
	{ id: 'training', icon: BrainCircuit },
	{ id: 'autoPosts', icon: WandSparkles },
	{ id: 'audience', icon: Target },
	{ id: 'scheduling', icon: CalendarClock },
	{ id: 'analytics', icon: ChartColumn },
	{ id: 'multiPlatform', icon: Share2 },
] as const satisfies ReadonlyArray<{ id: string; icon: LucideIcon }>

export function Features() {
	const { t } = useTranslation('landing')
	return (
		<Section id="funktionen" size={{ initial: '2', md: '3' }} aria-labelledby="landing-features-title">
			<Container size="4" px={{ initial: '4', md: '6' }}>
				<SectionHeading
					id="landing-features-title"
					eyebrow={t('features.eyebrow')}
					title={t('features.title')}
					subtitle={t('features.subtitle')}
				/>
				<Grid asChild columns={{ initial: '1', sm: '2', md: '3' }} gap="5">
					<ul className="landing-list">
						{features.map(({ id, icon: Icon }) => (
							<li key={id}>
								<Card size="3" className="landing-card">
									<Flex direction="column" gap="3">
										<span className="landing-icon-bubble">
											<Icon size={22} aria-hidden />
										</span>
										<Heading as="h3" size="4">
											{t(`features.items.${id}.title`)}
										</Heading>
										<Text as="p" color="gray">
											{t(`features.items.${id}.text`)}
										</Text>
									</Flex>
								</Card>
							</li>
						))}
					</ul>
				</Grid>
			</Container>
		</Section>
	)
}
