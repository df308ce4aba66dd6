import { Flex, Heading, Text } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/index'
import { CounterCards } from '#app/components/admin/counter-cards.tsx'
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
	const counters = (['users', 'admins', 'models', 'tools'] as const).map((key) => ({ key, label: t(`stats.${key}`), value: stats[key] }))
	return (
		<Flex direction="column" gap="4">
			<Heading as="h2" size="7">
				{t('title')}
			</Heading>
			<Text color="gray">{t('subtitle')}</Text>
			<CounterCards counters={counters} />
		</Flex>
	)
}
