import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes'
import { Construction } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useMatches } from 'react-router'
import type { Route } from './+types/section'
import { requireUser } from '#app/server/guards.server.ts'
import common from '#locales/de/common.json'
import dashboard from '#locales/de/dashboard.json'

type SectionId = keyof typeof dashboard.section.titles

// A section that a later issue builds: its real title (by route id) and an honest note, never sample data.
export function loader({ request, context }: Route.LoaderArgs) {
	requireUser(context, request)
	return null
}

export const meta: Route.MetaFunction = ({ matches }) => {
	const id = matches.at(-1)?.id as SectionId | undefined
	return [{ title: `${id ? dashboard.section.titles[id] : ''} · ${common.appName}` }]
}

export default function SectionPage() {
	const { t } = useTranslation('dashboard')
	const id = useMatches().at(-1)?.id as SectionId
	return (
		<Flex direction="column" gap="4">
			<Heading as="h2" size="7">
				{t(`section.titles.${id}`)}
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
