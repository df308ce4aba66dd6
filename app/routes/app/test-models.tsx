import { data } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { z } from 'zod'
import type { Route } from './+types/test-models'
import { servicesContext } from '#app/context.ts'
import { GalleryPage } from '#app/components/catalog/gallery-page.tsx'
import { LoadError } from '#app/components/load-error.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { isGallerySort, isModelCategory } from '#modules/catalog/costs.ts'
import { answerOrRefusal } from '#app/utils/action-fallback.ts'
import catalogTexts from '#locales/de/catalog.json'
import '#locales/ns/catalog.ts'

// The model gallery: ?tab=language|image|video (the agent screen links with ?type=), ?sort=.
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const search = new URL(request.url).searchParams
	const tab = search.get('tab') ?? search.get('type')
	const category = isModelCategory(tab) ? tab : 'language'
	const sortParam = search.get('sort')
	const sort = isGallerySort(sortParam) ? sortParam : 'default'
	const { models, balance } = await context.get(servicesContext).catalog.gallery(user.id, { category, sort })
	// Video is part of the Pro plan (the model test refuses it to others; the gallery says so up front).
	const videoAllowed = user.subscriptionType === 'pro' || user.plan === 'pro'
	return { title: getInstance(context).t('catalog:meta.gallery'), category, sort, models, balance, videoAllowed }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const MarkSchema = z.object({ intent: z.enum(['like', 'favorite']), modelId: z.string().max(100), value: z.enum(['true', 'false']) })

// Like and favourite (idempotent: the form sends the state it wants).
export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const t = getInstance(context).getFixedT('de', 'catalog')
	const { submission } = await parseForm(request, MarkSchema)
	const intent = submission.status === 'success' ? submission.value.intent : 'like'
	const failed = (status: number) =>
		data({ ok: false, notice: { type: 'error' as const, title: t('test.failedTitle'), description: intent === 'like' ? t('gallery.likeFailed') : t('gallery.favoriteFailed') } }, { status })
	if (submission.status !== 'success') return failed(400)
	const { modelId, value } = submission.value
	const { catalog } = context.get(servicesContext)
	try {
		const result = intent === 'like' ? await catalog.setLike(user.id, modelId, value === 'true') : await catalog.setFavorite(user.id, modelId, value === 'true')
		if (!result.ok) return failed(404)
		return data({ ok: true, intent, modelId, active: result.active, likeCount: result.likeCount })
	} catch (error) {
		console.error('catalog: saving a like or favourite failed', error)
		return failed(500)
	}
}

// A like that never reaches the server or breaks there answers with the same toast; the gallery stays.
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	const intent = (await request.clone().formData()).get('intent')
	return answerOrRefusal<Awaited<ReturnType<typeof serverAction>>>(serverAction, {
		type: 'error',
		title: catalogTexts.test.failedTitle,
		description: intent === 'favorite' ? catalogTexts.gallery.favoriteFailed : catalogTexts.gallery.likeFailed,
	})
}

export default function TestModelsRoute({ loaderData }: Route.ComponentProps) {
	return <GalleryPage category={loaderData.category} sort={loaderData.sort} models={loaderData.models} balance={loaderData.balance} videoAllowed={loaderData.videoAllowed} />
}

export function ErrorBoundary() {
	const { t } = useTranslation('catalog')
	return <LoadError title={t('test.failedTitle')} text={t('gallery.loadFailed')} />
}
