import { Badge, Box, Card, Container, Flex, Grid, Section, Text } from '@radix-ui/themes'
import { Quote } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { SectionHeading } from './section-heading.tsx'
import { InitialsAvatar } from '#app/components/initials-avatar.tsx'
import '#locales/ns/landing.ts'

const testimonials = ['laura', 'daniel', 'sarah'] as const

export function Testimonials() {
	const { t } = useTranslation('landing')
	return (
		<Section id="kundenstimmen" size={{ initial: '2', md: '3' }} aria-labelledby="landing-testimonials-title">
			<Container size="4" px={{ initial: '4', md: '6' }}>
				<SectionHeading
					id="landing-testimonials-title"
					eyebrow={t('testimonials.eyebrow')}
					title={t('testimonials.title')}
				/>
				<Grid asChild columns={{ initial: '1', md: '3' }} gap="5">
					<ul className="landing-list">
						{testimonials.map((id) => (
							<li key={id}>
								<Testimonial id={id} />
							</li>
						))}
					</ul>
				</Grid>
				<Text as="p" size="1" color="gray" align="center" mt="5">
					{t('testimonials.note')}
				</Text>
			</Container>
		</Section>
	)
}

function Testimonial({ id }: { id: (typeof testimonials)[number] }) {
	const { t } = useTranslation('landing')
	const name = t(`testimonials.items.${id}.name`)
	return (
		<Card asChild size="3" className="landing-card">
			<figure className="landing-quote">
				<Flex direction="column" gap="4" height="100%">
					<Flex align="center" justify="between">
						<Quote size={28} className="landing-quote-mark" aria-hidden />
						<Badge variant="soft" radius="full">
							{t('testimonials.quoteLabel')}
						</Badge>
					</Flex>
					<Box flexGrow="1" asChild>
						<blockquote>
							<Text as="p" size="3" style={{ fontStyle: 'italic' }}>
								{t('testimonials.quoted', { quote: t(`testimonials.items.${id}.quote`) })}
							</Text>
						</blockquote>
					</Box>
					<Flex asChild align="center" gap="3">
						<figcaption>
							<InitialsAvatar initials={initials(name)} size="3" aria-hidden />
							<Box>
								<Text as="div" weight="bold">
									{name}
								</Text>
								<Text as="div" size="2" color="gray">
									{t(`testimonials.items.${id}.role`)}
								</Text>
							</Box>
						</figcaption>
					</Flex>
				</Flex>
			</figure>
		</Card>
	)
}

function initials(name: string) {
	return name
		.split(' ')
		.map((part) => part.charAt(0))
		.join('')
		.slice(0, 2)
}
