import { Button, Container, Flex, Text } from '@radix-ui/themes'
import { Sparkles } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import '#locales/ns/landing.ts'

export function TopBar() {
	const { t } = useTranslation('landing')
	return (
		<header className="landing-top-bar">
			<Container size="4" px={{ initial: '4', md: '6' }}>
				<Flex align="center" justify="between" gap="4" py="3">
					<Brand />
					<Flex align="center" gap="5">
						<Flex asChild align="center" gap="5" display={{ initial: 'none', md: 'flex' }}>
							<nav aria-label={t('nav.label')}>
								<NavAnchor href="#funktionen">{t('nav.features')}</NavAnchor>
								<NavAnchor href="#so-funktionierts">{t('nav.steps')}</NavAnchor>
								<NavAnchor href="#kundenstimmen">{t('nav.testimonials')}</NavAnchor>
							</nav>
						</Flex>
						<Button asChild variant="soft" size="2">
							<Link to="/auth">{t('nav.signIn')}</Link>
						</Button>
					</Flex>
				</Flex>
			</Container>
		</header>
	)
}

export function Brand() {
	const { t } = useTranslation(['landing', 'common'])
	return (
		<Link to="/" className="landing-brand" aria-label={t('landing:nav.home')}>
			<span className="landing-icon-bubble" style={{ width: 32, height: 32 }}>
				<Sparkles size={18} aria-hidden />
			</span>
			<Text size="5" weight="bold">
				{t('common:appName')}
			</Text>
		</Link>
	)
}

function NavAnchor({ href, children }: { href: string; children: React.ReactNode }) {
	return (
		<Text asChild size="2" weight="medium" color="gray">
			<a href={href} className="landing-nav-link">
				{children}
			</a>
		</Text>
	)
}
