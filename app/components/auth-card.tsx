import { Callout, Container } from '@radix-ui/themes'
import { Card, Flex, Heading } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import '#locales/ns/auth.ts'

/** The centred card of the single-purpose account pages (confirm, forgot and reset password). */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
	return (
		<Container size="1" px="4" py="9">
			<Card size="3">
				<Flex direction="column" gap="4">
					<Heading as="h1" size="6">
						{title}
					</Heading>
					{children}
				</Flex>
			</Card>
		</Container>
	)
}

/** An expired, used or unknown e-mail link, with the way onward. */
export function InvalidLinkNotice({ to, label }: { to: string; label: string }) {
	const { t } = useTranslation('auth')
	return (
		<>
			<Callout.Root color="red" role="alert">
				<Callout.Text>{t('errors.invalidToken')}</Callout.Text>
			</Callout.Root>
			<Link to={to}>{label}</Link>
		</>
	)
}
