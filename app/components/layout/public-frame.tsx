import { Button, Container, Flex } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Brand } from '#app/components/landing/top-bar.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#app/components/landing/landing.css'
import '#locales/ns/landing.ts'

/** The frame of a page anyone may read (the API reference, the assistants' guide) when signed out. */
export function PublicFrame({ children }: { children: ReactNode }) {
	const { t } = useTranslation('landing')
	return (
		<>
			<header className="landing-top-bar">
				<Container size="4" px={{ initial: '4', md: '6' }}>
					<Flex align="center" justify="between" gap="4" py="3">
						<Brand />
						<Button asChild variant="soft" size="2">
							<Link to="/auth">{t('nav.signIn')}</Link>
						</Button>
					</Flex>
				</Container>
			</header>
			<main>
				<Container size="3" px={{ initial: '4', md: '6' }} py="6">
					{children}
				</Container>
			</main>
		</>
	)
}
