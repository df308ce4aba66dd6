import { data } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { z } from 'zod'
import type { Route } from './+types/model-test'
import { servicesContext } from '#app/context.ts'
import { ModelTestPage } from '#app/components/catalog/model-test-page.tsx'
import { LoadError } from '#app/components/load-error.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { readFormDataWithin } from '#app/server/body-limit.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { MAX_COMPARED_MODELS, MODEL_CATEGORIES, isModelCategory } from '#modules/catalog/costs.ts'
import type { ModelTestErrorCode } from '#modules/generation/index.ts'
import { MB } from '#modules/media/kinds.ts'
import { answerOrRefusal } from '#app/utils/action-fallback.ts'
import catalogTexts from '#locales/de/catalog.json'
import '#locales/ns/catalog.ts'

// The model test: ?models=<model_id,...>&mode=single|compare&category=language|image|video.
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const services = context.get(servicesContext)
	const search = new URL(request.url).searchParams
	const mode = search.get('mode') === 'compare' ? ('compare' as const) : ('single' as const)
	const ids = (search.get('models') ?? '')
		.split(',')
		.map((id) => id.trim())
		.filter(Boolean)
		.slice(0, mode === 'single' ? 1 : MAX_COMPARED_MODELS)
	const [{ models, balance }, agents] = await Promise.all([services.catalog.testModels(user.id, ids), services.agents.listPersonas(user.id)])
	const asked = search.get('category')
	const category = isModelCategory(asked) ? asked : (models[0]?.category ?? 'language')
	return {
		title: getInstance(context).t('catalog:meta.test'),
		mode,
			category,
		models: models.filter((m) => m.category === category),
		agents: agents.map((a) => ({ id: a.id, name: a.name, avatar: a.avatar, isDefault: a.isDefault })),
		balance,
		// Video is part of the Pro plan; the server refuses it to others (the page says so first).
		videoAllowed: user.subscriptionType === 'pro' || user.plan === 'pro',
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** A reference video of up to 50 MB plus the form fields. */
const MAX_BODY = 51 * MB

const RunSchema = z.object({
	models: z.string().max(2000),
	category: z.enum(MODEL_CATEGORIES),
	prompt: z.string().max(20_000),
	agentId: z.string().max(100).optional(),
	aspectRatio: z.string().max(10).optional(),
	resolution: z.string().max(10).optional(),
	durationSeconds: z.coerce.number().int().min(1).max(600).optional(),
	requestId: z.uuid().optional(),
})

// Runs the test: validated, priced and charged by the catalog module; the page then follows the tests.
export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const t = getInstance(context).getFixedT('de', 'catalog')
	const fail = (status: number, description: string, title = t('test.errorTitle')) => data({ ok: false as const, notice: { type: 'error' as const, title, description } }, { status })
	const form = await readFormDataWithin(request, MAX_BODY)
	if (form === 'too_large') return fail(413, t('test.fileTooLarge'))
	if (!form) return fail(400, t('test.errorText'))
	const fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''))
	const parsed = RunSchema.safeParse(fields)
	if (!parsed.success) {
		if (parsed.error.issues.some((i) => i.path[0] === 'prompt')) return fail(400, t('test.promptRequired'), t('test.promptRequiredTitle'))
		return fail(400, t('test.errorText'))
	}
	const { models, category, prompt, agentId, aspectRatio, resolution, durationSeconds, requestId } = parsed.data
	const upload = form.get('reference')
	const reference = upload instanceof File && upload.size > 0 ? { name: upload.name, bytes: new Uint8Array(await upload.arrayBuffer()) } : null

	const outcome = await context
		.get(servicesContext)
		.generation.runModelTest(user.id, {
			modelIds: models.split(',').map((id) => id.trim()).filter(Boolean),
			category,
			prompt,
			agentId: agentId || null,
			referenceImage: reference,
			requestId: requestId ?? null,
			video: category === 'video' && aspectRatio && resolution && durationSeconds ? { aspectRatio, resolution, durationSeconds } : null,
		})
		.catch((error: unknown) => {
			console.error('model test: starting the run failed', error)
			return null
		})
	if (!outcome) return fail(500, t('test.errorText'))
	if (!outcome.ok) {
		const status = outcome.code === 'insufficient_credits' ? 402 : 400
		if (outcome.code === 'insufficient_credits') {
			const count = outcome.cost ?? 0
			return fail(status, models.includes(',') ? t('test.insufficientAll', { count }) : t('test.insufficientSingle', { count }), t('test.insufficientTitle'))
		}
		if (outcome.code === 'prompt_required') return fail(status, t('test.promptRequired'), t('test.promptRequiredTitle'))
		if (outcome.code === 'too_many_models') return fail(status, t('gallery.compareMax', { count: MAX_COMPARED_MODELS }))
		if (outcome.code === 'video_requires_pro') return fail(403, t('test.videoRequiresPro'), t('test.videoRequiresProTitle'))
		return fail(status, t(ERROR_KEYS[outcome.code]))
	}
	// The language and image runs go on after this answer; the page follows them at /api/model-tests.
	return data({ ok: true as const, tests: outcome.tests, prompt: prompt.trim(), charged: outcome.charged, balance: outcome.balance })
}

// A run that never reaches the server or breaks there answers with the spec's toast; prompt and settings stay.
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
	return answerOrRefusal<Awaited<ReturnType<typeof serverAction>>>(serverAction, { type: 'error', title: catalogTexts.test.errorTitle, description: catalogTexts.test.errorText })
}

const ERROR_KEYS = {
	no_models: 'test.noModelSelected',
	unknown_model: 'test.noModelSelected',
	unknown_agent: 'test.unknownAgent',
	reference_type: 'test.fileType',
	reference_too_large: 'test.fileTooLarge',
	reference_required: 'test.referenceMissing',
	video_settings: 'test.videoSettingsInvalid',
	video_requires_pro: 'test.videoRequiresPro',
} as const satisfies Record<Exclude<ModelTestErrorCode, 'insufficient_credits' | 'prompt_required' | 'too_many_models'>, string>

export default function ModelTestRoute({ loaderData }: Route.ComponentProps) {
	const { mode, category, models, agents, balance, videoAllowed } = loaderData
	// A different selection is a new page: its prompt, settings and results start afresh.
	return <ModelTestPage key={`${mode}:${category}:${models.map((m) => m.modelId).join(',')}`} mode={mode} category={category} models={models} agents={agents} balance={balance} videoAllowed={videoAllowed} />
}

export function ErrorBoundary() {
	const { t } = useTranslation('catalog')
	return <LoadError title={t('test.failedTitle')} text={t('gallery.loadFailed')} />
}
