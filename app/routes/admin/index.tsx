import { Card, Flex, Grid, Heading, Text } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/index'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { requireAdmin } from '#app/server/guards.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	requireAdmin(context, request)
	const stats = await context.get(servicesContext).admin.overviewStats()
	return { stats, title: getInstance(context).t('admin:meta.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('admin')
	const { stats } = loaderData
	const cards = [
		['stats.users', stats.users],
		['stats.admins', stats.admins],
		['stats.models', stats.models],
		['stats.tools', stats.tools],
	] as const
	return (
		<Flex direction="column" gap="4">
			<Heading as="h2" size="7">
				{t('title')}
			</Heading>
			<Text color="gray">{t('subtitle')}</Text>
			<Grid columns={{ initial: '2', md: '4' }} gap="3">
				{cards.map(([key, value]) => (
					<Card key={key}>
						<Text as="div" size="1" color="gray">
							{t(key)}
						</Text>
						<Text as="div" size="7" weight="bold">
							{value.toLocaleString('de-CH')}
						</Text>
					</Card>
				))}
			</Grid>
		</Flex>
	)
}
