import { Box, Card, Container, Flex, Grid, Heading, Section, Text } from '@radix-ui/themes'
import { Bot, Link2, Sparkles, type LucideIcon } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { SectionHeading } from './section-heading.tsx'
import '#locales/ns/landing.ts'

const steps = [
	{ id: 'createAgent', icon: Bot },
	{ id: 'connectAccounts', icon: Link2 },
	{ id: 'generateContent', icon: Sparkles },
] as const satisfies ReadonlyArray<{ id: string; icon: LucideIcon }>

export function Steps() {
	const { t } = useTranslation('landing')
	return (
		<Box style={{ background: 'var(--gray-a2)' }}>
			<Section id="so-funktionierts" size={{ initial: '2', md: '3' }} aria-labelledby="landing-steps-title">
				<Container size="4" px={{ initial: '4', md: '6' }}>
					<SectionHeading id="landing-steps-title" eyebrow={t('steps.eyebrow')} title={t('steps.title')} />
					<Grid asChild columns={{ initial: '1', md: '3' }} gap="5">
						<ol className="landing-list">
							{steps.map(({ id, icon: Icon }, index) => (
								<li key={id}>
									<Card size="3" className="landing-card">
										<Flex direction="column" gap="3">
											<Flex align="center" justify="between">
												<span className="landing-step-number" aria-hidden>
													{index + 1}
												</span>
												<Text color="indigo">
													<Icon size={24} aria-hidden />
												</Text>
											</Flex>
											<Text size="2" weight="medium" color="gray">
												{t('steps.stepLabel', { number: index + 1 })}
											</Text>
											<Heading as="h3" size="5">
												{t(`steps.items.${id}.title`)}
											</Heading>
											<Text as="p" color="gray">
												{t(`steps.items.${id}.text`)}
											</Text>
										</Flex>
									</Card>
								</li>
							))}
						</ol>
					</Grid>
				</Container>
			</Section>
		</Box>
	)
}
