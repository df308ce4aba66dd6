import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/toolbox'
import { ToolConfigsPage } from '#app/components/admin/toolbox/tool-configs-page.tsx'
import type { ToolConfigsReply } from '#app/components/admin/toolbox/types.ts'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireAdmin } from '#app/server/guards.server.ts'
import { requestIdOf } from '#app/server/request-id.server.ts'
import { ToolAvailabilitySchema, ToolConfigDeleteSchema, ToolConfigSchema, ToolConfigSearchSchema } from '#modules/toolbox/index.ts'
import adminToolbox from '#locales/de/adminToolbox.json'

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = requireAdmin(context, request)
	const { toolbox } = context.get(servicesContext)
	const { q } = ToolConfigSearchSchema.parse({ q: new URL(request.url).searchParams.get('q') ?? '' })
	const title = getInstance(context).t('adminToolbox:meta.title')
	try {
		return { title, ...(await toolbox.configs.page(q)), timeZone: admin.timeZone, loadFailed: false }
	} catch (error) {
		console.error('admin: loading the toolbox configs failed', error)
		return { title, configs: [], matchingIds: [], counts: { total: 0, available: 0, categories: 0, engagement: 0 }, search: q, timeZone: admin.timeZone, loadFailed: true }
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? adminToolbox.meta.title }]

const IntentSchema = z.object({ intent: z.enum(['save', 'availability', 'delete']) })

export async function action({ request, context }: Route.ActionArgs) {
	const admin = requireAdmin(context, request)
	const { toolbox } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'adminToolbox')
	const actor = { id: admin.id, email: admin.email }
	const fail = (description: string, status: number, extra: Partial<ToolConfigsReply> = {}) =>
		data<ToolConfigsReply>({ ok: false, notice: { type: 'error', title: t('toasts.errorTitle'), description }, ...extra }, { status })

	const { formData, submission: intentCheck } = await parseForm(request, IntentSchema)
	if (intentCheck.status !== 'success') return fail(t('toasts.saveFailed'), 400)

	if (intentCheck.value.intent === 'availability') {
		const submission = parseWithZod(formData, { schema: ToolAvailabilitySchema })
		if (submission.status !== 'success') return fail(t('toasts.availabilityFailed'), 400)
		const { id, available } = submission.value
		const changed = await toolbox.configs.setAvailable(actor, id, available).catch((error: unknown) => {
			console.error('admin: changing a tool availability failed', error)
			return undefined
		})
		if (changed === undefined) return fail(t('toasts.availabilityFailed'), 500)
		if (changed === null) return fail(t('toasts.notFound'), 404)
		const description = t(available ? 'toasts.nowAvailable' : 'toasts.nowUnavailable', { name: changed.displayName })
		return data<ToolConfigsReply>({ ok: true, notice: { type: 'success', title: t('toasts.availabilityChanged'), description } })
	}

	if (intentCheck.value.intent === 'delete') {
		const submission = parseWithZod(formData, { schema: ToolConfigDeleteSchema })
		if (submission.status !== 'success') return fail(t('toasts.deleteFailed'), 400)
		const result = await toolbox.configs.remove(actor, submission.value.id).catch((error: unknown) => {
			console.error('admin: deleting a toolbox config failed', error)
			return null
		})
		if (!result) return fail(t('toasts.deleteFailed'), 500)
		if (!result.ok) return result.error === 'notFound' ? fail(t('toasts.notFound'), 404) : fail(t('card.deleteImplemented'), 409)
		return data<ToolConfigsReply>({ ok: true, notice: { type: 'success', title: t('toasts.deleted'), description: result.displayName } })
	}

	// The form posts text; the schema reads it as it is (the same schema checks the CLI's JSON files).
	const submission = parseWithZod(formData, { schema: ToolConfigSchema, disableAutoCoercion: true })
	if (submission.status !== 'success') return fail(t('toasts.saveFailed'), 400, { form: submission.reply() })
	// A new tool carries the dialog's request id: a retry or a double submit creates it once.
	const requestId = requestIdOf(formData)
	if (!submission.value.id && !requestId) return fail(t('toasts.saveFailed'), 400)
	const result = await toolbox.configs.save(actor, submission.value, requestId ?? undefined).catch((error: unknown) => {
		console.error('admin: saving a toolbox config failed', error)
		return null
	})
	if (!result) return fail(t('toasts.saveFailed'), 500)
	if (!result.ok) {
		if (result.error === 'notFound') return fail(t('toasts.notFound'), 404)
		if (result.error === 'requestConflict') return fail(getInstance(context).t('common:errors.requestConflict'), 409)
		const key = `form.errors.${result.error}`
		return fail(t('toasts.saveFailed'), 400, { form: submission.reply({ fieldErrors: { tool_name: [key] } }) })
	}
	const notice = { type: 'success' as const, title: t(result.created ? 'toasts.created' : 'toasts.updated'), description: submission.value.display_name }
	return data<ToolConfigsReply>({ ok: true, saved: result.id, notice })
}

// A request that never reaches the server (network down) answers like a refused one: the switch's
// optimistic value falls back to the loader's and the toast says so.
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<ToolConfigsReply> {
	const intent = (await request.clone().formData()).get('intent')
	try {
		const result = (await serverAction()) as unknown
		if (result && typeof result === 'object' && 'ok' in result) return result as ToolConfigsReply
	} catch {
		// fall through
	}
	const description = intent === 'availability' ? adminToolbox.toasts.availabilityFailed : intent === 'delete' ? adminToolbox.toasts.deleteFailed : adminToolbox.toasts.saveFailed
	return { ok: false, notice: { type: 'error', title: adminToolbox.toasts.errorTitle, description } }
}

export default function AdminToolboxRoute({ loaderData }: Route.ComponentProps) {
	return <ToolConfigsPage {...loaderData} />
}
