import { useTranslation } from '#app/utils/use-translation.ts'
import type { Route } from './+types/create'
import { servicesContext } from '#app/context.ts'
import { CreatorPage } from '#app/components/creator/creator-page.tsx'
import { LoadError } from '#app/components/load-error.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { creatorAction } from '#app/server/creator.server.ts'
import { openForEditing } from '#modules/posting/index.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { chosenBrandCookie } from '#app/server/brand-choice.server.ts'
import '#locales/ns/creator.ts'

// The post creator, at /create and /create-post (two route ids, one module).
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const services = context.get(servicesContext)
	const search = new URL(request.url).searchParams
	const [creator, { opened, notFound }, pages, brand] = await Promise.all([
		services.generation.creatorData(user.id),
		// ?draft=<id> or ?post=<id>: the user's own draft or post, else "not found" (another user's id included).
		openForEditing(services, user.id, { draftId: search.get('draft'), postId: search.get('post') }),
		services.publishing.listChannels(user.id),
		chosenBrandCookie(context, request).then((chosen) => services.brands.forNewContent(user.id, chosen)),
	])
	// The brand's default agent is the one the creator preselects (ADR 0047); without one, the user's default agent.
	const brandAgent = brand?.defaultAgentId ?? null
	const agents = brandAgent && creator.agents.some((a) => a.id === brandAgent) ? creator.agents.map((a) => ({ ...a, isDefault: a.id === brandAgent })) : creator.agents
	// The channel step lists one brand's channels: an opened draft's (or post's), else the switcher's ('Alle Marken': the user's first).
	const openedBrand = opened?.brandId ?? pages.find((p) => opened?.channelIds.includes(p.id))?.brandId
	const brandId = openedBrand ?? brand?.id ?? null
	return { title: getInstance(context).t('creator:meta.title'), creator: { ...creator, agents }, timeZone: user.timeZone, opened, notFound, pages, brandId }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context }: Route.ActionArgs) {
	return creatorAction(request, context, requireUser(context, request))
}

export default function CreateRoute({ loaderData }: Route.ComponentProps) {
	return <CreatorPage creator={loaderData.creator} timeZone={loaderData.timeZone} opened={loaderData.opened} notFound={loaderData.notFound} pages={loaderData.pages} brandId={loaderData.brandId} />
}

export function ErrorBoundary() {
	const { t } = useTranslation('creator')
	return <LoadError title={t('loadFailed.title')} text={t('loadFailed.text')} />
}
