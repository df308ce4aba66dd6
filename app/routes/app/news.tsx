import { data, type ShouldRevalidateFunction } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { z } from 'zod'
import type { Route } from './+types/news'
import { servicesContext } from '#app/context.ts'
import { LoadError } from '#app/components/load-error.tsx'
import { NewsPage } from '#app/components/news/news-page.tsx'
import type { NewsReply } from '#app/components/news/types.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { brandChoice, currentBrandId, settingsBrand } from '#app/server/brand-choice.server.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { FeedUrlSchema } from '#modules/news/index.ts'
import '#locales/ns/news.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const { news } = context.get(servicesContext)
	const brand = settingsBrand(await brandChoice(context, request, user))
	const page = await news.page(user.id, undefined, brand.id)
	// 'Alle Marken' with several brands: the page says whose news and settings it shows.
	const brandHint = brand.allBrands ? brand.name : null
	return { title: getInstance(context).t('news:meta.title'), ...page, brandHint, timeZone: user.timeZone }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

// A refresh that failed answers 4xx/5xx, after which React Router would not reload the page: the
// header must still learn of it ("Die letzte Aktualisierung … ist fehlgeschlagen").
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
	formData?.get('intent') === 'refresh' ? true : defaultShouldRevalidate

const ActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('refresh') }),
	z.object({ intent: z.literal('ideas') }),
	// Adding a source carries a request id from the browser: a retry answers like the first request.
	z.object({ intent: z.literal('add-feed'), url: z.string().max(4096).optional().default(''), requestId: z.uuid() }),
	z.object({ intent: z.literal('remove-feed'), url: z.string().max(4096) }),
	z.object({ intent: z.literal('reset-feeds') }),
])

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60))

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const { news } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'news')
	const reply = (body: NewsReply, status = 200) => data<NewsReply>(body, { status })
	const fail = (title: string, description?: string, status = 400, extra: Partial<NewsReply> = {}) => reply({ ok: false, notice: { type: 'error', title, description }, ...extra }, status)

	const { submission } = await parseForm(request, ActionSchema)
	if (submission.status !== 'success') return fail(t('results.errorTitle'), t('results.failed'))
	const input = submission.value
	// The chosen brand's news ('Alle Marken': null, the first brand's, as the page shows).
	const brandId = await currentBrandId(context, request, user)

	if (input.intent === 'refresh') {
		try {
			const result = await news.refresh(user.id, request.signal, brandId)
			switch (result.status) {
				case 'ok': {
					const failed = result.sources.filter((s) => !s.ok).length
					const text = [t('results.okText', { news: result.news, ideas: t('results.newIdeas', { count: result.ideas }) }), failed ? t('results.someFailed', { count: failed }) : ''].filter(Boolean).join(' ')
					return reply({ ok: true, notice: { type: 'success', title: t('results.ok'), description: text }, sources: result.sources })
				}
				case 'no_matches':
					return reply({ ok: true, notice: { type: 'info', title: t('results.noMatches'), description: t('results.noMatchesText') }, sources: result.sources })
				case 'unreachable':
					return fail(t('results.errorTitle'), t('results.unreachable'), 502, { sources: result.sources })
				case 'no_keywords':
					return fail(t('results.noKeywords'), t('results.noKeywordsText'))
				case 'no_sources':
					return fail(t('sources.title'), t('sources.empty'))
				case 'rate_limited':
					return fail(t('results.rateLimited'), t('results.rateLimitedText', { count: minutes(result.retryAfterSeconds) }), 429)
				default:
					return fail(t('results.errorTitle'), t('results.failed'), 500)
			}
		} catch (error) {
			console.error('news: refresh failed', error)
			return fail(t('results.errorTitle'), t('results.failed'), 500)
		}
	}

	if (input.intent === 'ideas') {
		try {
			const result = await news.generateIdeas(user.id, request.signal, brandId)
			if (result.status === 'ok') return reply({ ok: true, notice: { type: 'success', title: t('results.ideasOk'), description: t('results.ideasOkText', { count: result.ideas }) } })
			if (result.status === 'missing_settings') return fail(t('results.missingSettings'), t('results.missingSettingsText'))
			if (result.status === 'no_new_ideas') return fail(t('results.noNewIdeas'), t('results.noNewIdeasText'), 409)
			return fail(t('results.rateLimited'), t('results.ideasRateLimitedText', { count: minutes(result.retryAfterSeconds) }), 429)
		} catch (error) {
			console.error('news: idea generation failed', error)
			return fail(t('results.errorTitle'), t('results.ideasFailed'), 500)
		}
	}

	try {
		if (input.intent === 'reset-feeds') {
			await news.saveNewsFeeds(user.id, null, brandId)
			return reply({ ok: true, notice: { type: 'success', title: t('sources.resetDone') } })
		}
		if (input.intent === 'remove-feed') {
			const { feeds } = await news.getContentSettings(user.id, brandId)
			await news.saveNewsFeeds(user.id, feeds.filter((url) => url !== input.url), brandId)
			return reply({ ok: true, notice: { type: 'success', title: t('sources.saved') } })
		}
		const url = FeedUrlSchema.safeParse(input.url)
		if (!url.success) {
			const key = (url.error.issues[0]?.message ?? 'sources.errors.invalidUrl') as 'sources.errors.invalidUrl'
			return fail(t('sources.failed'), t(key), 400, { errors: { url: key } })
		}
		const added = await news.addNewsFeed(user.id, url.data, input.requestId, brandId)
		if (added.ok) return reply({ ok: true, notice: { type: 'success', title: t('sources.saved') } })
		if (added.error === 'request_conflict') return fail(t('sources.failed'), getInstance(context).t('common:errors.requestConflict'), 409)
		const key = added.error === 'duplicate' ? 'sources.errors.duplicate' : 'sources.errors.tooMany'
		return fail(t('sources.failed'), t(key), 400, { errors: { url: key } })
	} catch (error) {
		console.error('news: saving the sources failed', error)
		return fail(t('results.errorTitle'), t('sources.failed'), 500)
	}
}

export default function NewsRoute({ loaderData }: Route.ComponentProps) {
	return <NewsPage {...loaderData} />
}

export function ErrorBoundary() {
	const { t } = useTranslation('news')
	return <LoadError title={t('results.errorTitle')} text={t('results.unreachable')} />
}
