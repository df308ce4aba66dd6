import { Button, Callout, Container } from '@radix-ui/themes'
import { Card, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Form, Link } from 'react-router'
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

/**
 * A mailed single-use link's page: the token is consumed only by the button's POST (mail scanners
 * follow GETs); an unusable link shows the way back to /auth.
 */
export function TokenLinkCard(props: { title: string; text: string; button: string; action: string; token: string; invalid: boolean }) {
	const { t } = useTranslation('auth')
	return (
		<AuthCard title={props.title}>
			{props.invalid ? (
				<InvalidLinkNotice to="/auth" label={t('forgot.back')} />
			) : (
				<Form method="post" action={props.action}>
					<input type="hidden" name="token" value={props.token} />
					<Flex direction="column" gap="3">
						<Text color="gray">{props.text}</Text>
						<Button type="submit" size="3">
							{props.button}
						</Button>
					</Flex>
				</Form>
			)}
		</AuthCard>
	)
}
