import type { Route } from './+types/brands'
import { servicesContext } from '#app/context.ts'
import { BrandsPage } from '#app/components/brands/brands-page.tsx'
import { LoadError } from '#app/components/load-error.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import { BrandActionSchema, type BrandAction, type BrandResult } from '#modules/brands/index.ts'
import type { Services } from '#modules/services.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/brands.ts'

// 'Marken' (issue 38, ADR 0047): the user's brands, their default agent and channels.
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const { brands, publishing, agents } = context.get(servicesContext)
	const [list, channels, presets] = await Promise.all([brands.list(user.id), publishing.listChannels(user.id), agents.listAgents(user.id)])
	return {
		title: getInstance(context).t('brands:meta.title'),
		brands: list,
		channels: channels.map((c) => ({ id: c.id, platform: c.platform, pageName: c.pageName, brandId: c.brandId })),
		agents: presets.map((a) => ({ id: a.id, name: a.name })),
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const DONE = { create: 'create.done', rename: 'rename.done', delete: 'delete.done', 'default-agent': 'agent.done', 'move-channel': 'channels.done' } as const

function run(services: Services, userId: string, action: BrandAction): Promise<BrandResult> {
	switch (action.intent) {
		case 'create':
			return services.brands.create(userId, action.name)
		case 'rename':
			return services.brands.rename(userId, action.brandId, action.name)
		case 'delete':
			return services.brands.delete(userId, action.brandId, action.moveTo)
		case 'default-agent':
			return services.brands.setDefaultAgent(userId, action.brandId, action.agentId === '' ? null : action.agentId)
		case 'move-channel':
			return services.brands.moveChannel(userId, action.channelId, action.brandId)
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const t = getInstance(context).getFixedT('de', 'brands')
	const { submission } = await parseForm(request, BrandActionSchema)
	if (submission.status !== 'success') return redirectWithToast(context, '/marken', { type: 'error', title: t('errors.failed'), description: t('errors.invalid') })
	const result = await run(context.get(servicesContext), user.id, submission.value)
	if (!result.ok) return redirectWithToast(context, '/marken', { type: 'error', title: t('errors.failed'), description: t(`errors.${result.error}`) })
	return redirectWithToast(context, '/marken', { type: 'success', title: t(DONE[submission.value.intent]) })
}

export default function BrandsRoute({ loaderData }: Route.ComponentProps) {
	return <BrandsPage brands={loaderData.brands} channels={loaderData.channels} agents={loaderData.agents} />
}

export function ErrorBoundary() {
	const { t } = useTranslation('brands')
	return <LoadError title={t('errors.failed')} text={t('errors.invalid')} />
}
