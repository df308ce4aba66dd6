import { Callout, Container } from '@radix-ui/themes'
import { AlertTriangle } from 'lucide-react'
import { Badge, Card, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { data } from 'react-router'
import type { Route } from './+types/dev.mailbox'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { formatDateTime } from '#app/utils/format.ts'
import '#locales/ns/auth.ts'

// Development and tests only (APP_ENV development or test without SMTP_URL, server/compose.ts): the
// mails the dev mailbox adapter stored instead of sending, every user's links included. 404 otherwise.
export async function loader({ context }: Route.LoaderArgs) {
	const mailbox = context.get(servicesContext).devMailbox
	if (!mailbox) throw data(null, { status: 404 })
	const mails = await mailbox.list(50)
	return { mails, title: getInstance(context).t('auth:mailbox.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }]

const linkPattern = /(https?:\/\/[^\s]+)/g

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	return (
		<Container size="3" px="4" py="6">
			<Flex direction="column" gap="4">
				<Flex align="center" gap="3">
					<Heading as="h1" size="7">
						{t('mailbox.title')}
					</Heading>
					<Badge color="amber">{t('mailbox.badge')}</Badge>
				</Flex>
				<Callout.Root color="amber" role="note" data-testid="dev-mailbox-notice">
					<Callout.Icon>
						<AlertTriangle size={16} />
					</Callout.Icon>
					<Callout.Text>
						<strong>{t('mailbox.notice')}</strong> {t('mailbox.production')}
					</Callout.Text>
				</Callout.Root>
				{loaderData.mails.length === 0 ? <Text>{t('mailbox.empty')}</Text> : null}
				{loaderData.mails.map((mail) => (
					<Card key={mail.id} data-testid="mail">
						<Flex direction="column" gap="2">
							<Text weight="bold">{mail.subject}</Text>
							<Text size="2" color="gray">
								{t('mailbox.to')}: <span data-testid="mail-to">{mail.to}</span> · {t('mailbox.sentAt')}:{' '}
								{formatDateTime(mail.createdAt)}
							</Text>
							<Text as="div" size="2" style={{ whiteSpace: 'pre-wrap' }}>
								{mail.text.split(linkPattern).map((part, i) => (i % 2 === 1 ? <a key={i} href={part}>{part}</a> : part))}
							</Text>
						</Flex>
					</Card>
				))}
			</Flex>
		</Container>
	)
}
