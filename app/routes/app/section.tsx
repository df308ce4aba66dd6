import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes'
import { Construction } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Route } from './+types/section'
import { getInstance } from '#app/middleware/i18next.ts'
import { requireUser } from '#app/server/guards.server.ts'
import type dashboard from '#locales/de/dashboard.json'

type SectionId = keyof typeof dashboard.section.titles

// A section that a later issue builds: its real title and an honest note, never sample data.
export function loader({ request, context }: Route.LoaderArgs) {
	requireUser(context, request)
	const id = new URL(request.url).pathname.replace(/^\//, '').replace(/\/$/, '').replaceAll('/', '-') as SectionId
	const t = getInstance(context).getFixedT('de', 'dashboard')
	return { id, title: t(`section.titles.${id}`) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ''} · Postwerk` }]

export default function SectionPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('dashboard')
	return (
		<Flex direction="column" gap="4">
			<Heading as="h2" size="7">
				{loaderData.title}
			</Heading>
			<Card size="3">
				<Flex direction="column" align="center" gap="3" py="6">
					<Construction size={36} aria-hidden />
					<Text color="gray" align="center">
						{t('section.comingSoon')}
					</Text>
					<Button asChild variant="soft">
						<Link to="/">{t('section.back')}</Link>
					</Button>
				</Flex>
			</Card>
		</Flex>
	)
}
