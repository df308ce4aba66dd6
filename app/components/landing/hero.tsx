import { Badge, Box, Button, Card, Container, Flex, Grid, Heading, Section, Separator, Text } from '@radix-ui/themes'
import { ArrowRight, Bot, CalendarClock, Check, ImageIcon, PenLine } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import { OfferBadges } from './offer-badges.tsx'
import '#locales/ns/landing.ts'

export function Hero() {
	const { t } = useTranslation('landing')
	return (
		<Box className="landing-hero">
			<Container size="4" px={{ initial: '4', md: '6' }}>
				<Section size={{ initial: '2', md: '3' }} aria-labelledby="landing-hero-title">
					<Grid columns={{ initial: '1', md: '2' }} gap={{ initial: '8', md: '9' }} align="center">
						<Flex direction="column" gap="5">
							<Box>
								<Badge size="2" variant="surface" radius="full">
									{t('hero.eyebrow')}
								</Badge>
							</Box>
							<Heading as="h1" id="landing-hero-title" size={{ initial: '8', md: '9' }} style={{ lineHeight: 1.1 }}>
								{t('hero.title')}
							</Heading>
							<Text as="p" size={{ initial: '4', md: '5' }} color="gray">
								{t('hero.subtitle')}
							</Text>
							<Flex gap="3" wrap="wrap" align="center">
								<Button asChild size="4">
									<Link to="/onboarding">
										{t('hero.cta')}
										<ArrowRight size={18} aria-hidden />
									</Link>
								</Button>
								<Button asChild size="4" variant="ghost">
									<a href="#so-funktionierts">{t('hero.secondary')}</a>
								</Button>
							</Flex>
							<OfferBadges />
						</Flex>
						<HeroPreview />
					</Grid>
				</Section>
			</Container>
		</Box>
	)
}

function HeroPreview() {
	const { t } = useTranslation('landing')
	return (
		<Card asChild size="4" variant="classic">
			<aside aria-label={t('hero.preview.label')}>
				<Flex direction="column" gap="4">
					<Flex align="center" gap="3">
						<span className="landing-icon-bubble">
							<Bot size={24} aria-hidden />
						</span>
						<Box flexGrow="1">
							<Text as="div" size="4" weight="bold">
								{t('hero.preview.agentName')}
							</Text>
							<Text as="div" size="2" color="gray">
								{t('hero.preview.agentRole')}
							</Text>
						</Box>
						<Badge color="green" radius="full">
							{t('hero.preview.status')}
						</Badge>
					</Flex>
					<Separator size="4" />
					<Flex asChild direction="column" gap="3">
						<ul className="landing-list">
							<PreviewTask icon={<PenLine size={16} aria-hidden />} text={t('hero.preview.taskWrite')} />
							<PreviewTask icon={<ImageIcon size={16} aria-hidden />} text={t('hero.preview.taskImage')} />
							<PreviewTask icon={<CalendarClock size={16} aria-hidden />} text={t('hero.preview.taskSchedule')} />
						</ul>
					</Flex>
					<Text as="p" size="2" color="gray">
						{t('hero.preview.footer')}
					</Text>
				</Flex>
			</aside>
		</Card>
	)
}

function PreviewTask({ icon, text }: { icon: React.ReactNode; text: string }) {
	return (
		<Flex asChild align="center" gap="3">
			<li>
				<Text color="indigo">{icon}</Text>
				<Text size="3" style={{ flexGrow: 1 }}>
					{text}
				</Text>
				<Text color="green">
					<Check size={16} aria-hidden />
				</Text>
			</li>
		</Flex>
	)
}
