import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { z } from 'zod'
import type { Route } from './+types/agent'
import { servicesContext } from '#app/context.ts'
import { AgentsPage } from '#app/components/agents/agents-page.tsx'
import { LoadError } from '#app/components/load-error.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { readFormDataWithin } from '#app/server/body-limit.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { requestIdOf } from '#app/server/request-id.server.ts'
import { AgentNameSchema, AgentPresetSchema, LOGO_MAX_BYTES, MAX_AGENTS, TrainingMaterialSchema } from '#modules/agents/schema.ts'
import type { AgentError } from '#modules/agents/index.ts'
import { answerOrRefusal } from '#app/utils/action-fallback.ts'
import agentsTexts from '#locales/de/agents.json'
import '#locales/ns/agents.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const services = context.get(servicesContext)
	const presets = await services.agents.listPresets(user.id)
	const models = await services.agents.modelNames(presets.flatMap((p) => [p.languageModel, p.imageModel, p.videoModel]))
	return {
		title: getInstance(context).t('agents:meta.title'),
		presets,
		models,
		// Spec: Pro is read from the plan (subscription tier) or the subscription type.
		isPro: user.subscriptionType === 'pro' || user.plan === 'pro',
		timeZone: user.timeZone,
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const intents = ['create', 'rename', 'set-default', 'delete', 'save', 'train', 'upload-logo', 'remove-logo'] as const
export type AgentIntent = (typeof intents)[number]

const IntentSchema = z.object({ intent: z.enum(intents), agentId: z.string().max(100).optional() })

/** The logo plus the largest preset form (knowledge base and training texts). */
const MAX_BODY = LOGO_MAX_BYTES + 1024 * 1024

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const { agents } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'agents')

	function fail(status: number, title: string, description?: string, extra: Record<string, unknown> = {}) {
		return data({ ok: false as const, notice: { type: 'error' as const, title, description }, ...extra }, { status })
	}
	function succeed(title: string, description?: string, extra: Record<string, unknown> = {}) {
		return data({ ok: true as const, notice: { type: 'success' as const, title, description }, ...extra })
	}

	const form = await readFormDataWithin(request, MAX_BODY)
	// Only a logo can make the request this large.
	if (form === 'too_large') return fail(413, t('toasts.tooLarge'), t('toasts.tooLargeText'))
	const parsed = IntentSchema.safeParse(form ? { intent: form.get('intent'), agentId: form.get('agentId') ?? undefined } : {})
	if (!form || !parsed.success) return fail(400, t('toasts.error'), t('toasts.invalid'))
	const { intent } = parsed.data
	const agentId = parsed.data.agentId ?? ''
	const failed = (error: AgentError, title: string, description: string) =>
		error === 'not_found' ? fail(404, title, t('toasts.notFound')) : fail(400, title, description)

	const run = async () => {
		switch (intent) {
			case 'create': {
				// 'Neuer Agent' carries a request id from the browser: a retry or a double click creates one agent.
				const requestId = requestIdOf(form)
				if (!requestId) return fail(400, t('toasts.error'), t('toasts.invalid'))
				const result = await agents.createPreset(user.id, t('defaults.name'), requestId)
				if (result.ok) return succeed(t('toasts.created'), undefined, { agentId: result.agent.id })
				if (result.error === 'limit_reached') return fail(409, t('toasts.limitReached'), t('toasts.limitText', { max: MAX_AGENTS }))
				if (result.error === 'request_conflict') return fail(409, t('toasts.error'), getInstance(context).t('common:errors.requestConflict'))
				return fail(400, t('toasts.error'), t('toasts.createFailed'))
			}
			case 'rename': {
				const name = AgentNameSchema.safeParse(form.get('name'))
				if (!name.success) return fail(400, t('toasts.error'), t(name.error.issues[0]!.message as 'errors.nameRequired'))
				const result = await agents.renamePreset(user.id, agentId, name.data)
				return result.ok ? succeed(t('toasts.renamed')) : failed(result.error, t('toasts.error'), t('toasts.renameFailed'))
			}
			case 'set-default': {
				const result = await agents.setDefaultPreset(user.id, agentId)
				return result.ok ? succeed(t('toasts.defaultSet')) : failed(result.error, t('toasts.error'), t('toasts.defaultFailed'))
			}
			case 'delete': {
				const result = await agents.deletePreset(user.id, agentId)
				if (result.ok) return succeed(t('toasts.deleted'))
				return failed(result.error, t('toasts.error'), result.error === 'last_agent' ? t('toasts.lastAgent') : result.error === 'default_agent' ? t('toasts.defaultAgent') : t('toasts.deleteFailed'))
			}
			case 'save': {
				if (!agentId) return fail(400, t('toasts.error'), t('toasts.noAgentSelected'))
				const submission = parseWithZod(form, { schema: AgentPresetSchema })
				if (submission.status !== 'success') return fail(400, t('toasts.error'), t('toasts.saveFailed'))
				const result = await agents.savePreset(user.id, agentId, submission.value)
				return result.ok ? succeed(t('toasts.saved')) : failed(result.error, t('toasts.error'), t('toasts.saveFailed'))
			}
			case 'train': {
				const submission = parseWithZod(form, { schema: TrainingMaterialSchema })
				if (submission.status !== 'success') return fail(400, t('toasts.trainingFailed'), t('toasts.invalid'))
				const result = await agents.trainPreset(user.id, agentId, submission.value)
				if (!result.ok) {
					if (result.error === 'not_found') return fail(404, t('toasts.trainingFailed'), t('toasts.notFound'))
					return fail(400, t('toasts.trainingFailed'), t('toasts.noMaterial'), { failures: result.failures })
				}
				const learned = t('toasts.trainedText', { count: result.profile.samples })
				const failures = result.failures.length ? ` ${t('toasts.trainedWithFailures', { count: result.failures.length, failed: result.failures.length })}` : ''
				return succeed(t('toasts.trained'), `${learned}${failures}`, { failures: result.failures })
			}
			case 'upload-logo': {
				const file = form.get('logo')
				if (!(file instanceof File) || file.size === 0) return fail(400, t('toasts.uploadError'), t('toasts.uploadErrorText'))
				if (file.size > LOGO_MAX_BYTES) return fail(413, t('toasts.tooLarge'), t('toasts.tooLargeText'))
				const result = await agents.uploadLogo(user.id, agentId, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })
				if (result.ok) return succeed(t('toasts.logoUploaded'), undefined, { logoUrl: result.logoUrl })
				if (result.error === 'logo_type') return fail(400, t('toasts.invalidFormat'), t('toasts.invalidFormatText'))
				if (result.error === 'logo_too_large') return fail(413, t('toasts.tooLarge'), t('toasts.tooLargeText'))
				return failed(result.error, t('toasts.uploadError'), t('toasts.uploadErrorText'))
			}
			case 'remove-logo': {
				const result = await agents.removeLogo(user.id, agentId)
				return result.ok ? succeed(t('toasts.logoRemoved')) : fail(result.error === 'not_found' ? 404 : 400, t('toasts.error'), t('toasts.logoRemoveFailed'))
			}
		}
	}

	try {
		return await run()
	} catch (error) {
		// A failing database answers with the intent's toast; the page and its unsaved edits stay.
		console.error(`agents: ${intent} failed`, error)
		return fail(500, t('toasts.error'), t(FAILURE_KEYS[intent]))
	}
}

const FAILURE_KEYS = {
	create: 'toasts.createFailed',
	rename: 'toasts.renameFailed',
	'set-default': 'toasts.defaultFailed',
	delete: 'toasts.deleteFailed',
	save: 'toasts.saveFailed',
	train: 'toasts.trainingError',
	'upload-logo': 'toasts.uploadErrorText',
	'remove-logo': 'toasts.logoRemoveFailed',
} as const satisfies Record<AgentIntent, string>

// An action that never reaches the server or breaks there answers like a refused one (the toolbox's
// pattern): a toast, and the editor keeps its unsaved edits instead of the error page replacing it.
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	const intent = IntentSchema.shape.intent.safeParse((await request.clone().formData()).get('intent'))
	const key = FAILURE_KEYS[intent.success ? intent.data : 'save'].replace('toasts.', '') as keyof typeof agentsTexts.toasts
	return answerOrRefusal<Awaited<ReturnType<typeof serverAction>>>(serverAction, { type: 'error', title: agentsTexts.toasts.error, description: agentsTexts.toasts[key] })
}

export default function AgentRoute({ loaderData }: Route.ComponentProps) {
	return <AgentsPage {...loaderData} />
}

export function ErrorBoundary() {
	const { t } = useTranslation('agents')
	return <LoadError title={t('loadFailed.title')} text={t('loadFailed.text')} />
}
