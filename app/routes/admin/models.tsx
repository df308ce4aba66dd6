import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/models'
import { ModelsPage, type ModelsReply } from '#app/components/admin/models-page.tsx'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { readFormDataWithin } from '#app/server/body-limit.server.ts'
import { requireAdmin } from '#app/server/guards.server.ts'
import { requestIdOf } from '#app/server/request-id.server.ts'
import { AiModelDeleteSchema, AiModelFormSchema, parseCategoryFilter, PREVIEW_MAX_BYTES } from '#modules/catalog/index.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	requireAdmin(context, request)
	const { catalog } = context.get(servicesContext)
	const category = parseCategoryFilter(new URL(request.url).searchParams.get('category'))
	const title = getInstance(context).t('adminModels:meta.title')
	try {
		return { title, category, models: await catalog.adminModels.list(category), loadFailed: false }
	} catch (error) {
		console.error('admin: loading the models failed', error)
		return { title, category, models: [], loadFailed: true }
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const IntentSchema = z.object({ intent: z.enum(['save', 'delete']) })

/** A preview image plus the largest form (description, features, API parameters). */
const MAX_BODY = PREVIEW_MAX_BYTES + 512 * 1024

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireAdmin(context, request)
	const { catalog } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'adminModels')
	const actor = { id: user.id, email: user.email }
	const fail = (description: string, status = 400, extra: Partial<ModelsReply> = {}) =>
		data<ModelsReply>({ ok: false, notice: { type: 'error', title: t('toasts.errorTitle'), description }, ...extra }, { status })

	const formData = await readFormDataWithin(request, MAX_BODY)
	if (formData === 'too_large') return fail(t('toasts.tooLarge'), 413)
	const intent = IntentSchema.safeParse({ intent: formData?.get('intent') })
	if (!formData || !intent.success) return fail(t('toasts.saveFailed'))

	if (intent.data.intent === 'save') {
		const submission = parseWithZod(formData, { schema: AiModelFormSchema })
		if (submission.status !== 'success') return fail(t('toasts.saveFailed'), 400, { form: submission.reply() })
		const { id, model, preview, removePreview } = submission.value
		// A new model carries the dialog's request id: a retry or a double submit creates it once.
		const requestId = requestIdOf(formData)
		if (!id && !requestId) return fail(t('toasts.saveFailed'))
		const file = preview ? { name: preview.name, bytes: new Uint8Array(await preview.arrayBuffer()) } : undefined
		const result = await catalog.adminModels.save(actor, { id, model, preview: file, removePreview }, requestId ?? undefined).catch((error: unknown) => {
			console.error('admin: saving a model failed', error)
			return null
		})
		if (!result) return fail(t('toasts.saveFailed'), 500)
		if (!result.ok) {
			if (result.error === 'notFound') return fail(t('toasts.notFound'), 404)
			if (result.error === 'requestConflict') return fail(getInstance(context).t('common:errors.requestConflict'), 409)
			const field = result.error === 'modelIdTaken' ? 'model_id' : 'preview'
			const key = `form.errors.${result.error}` as const
			return fail(t(key), 400, { form: submission.reply({ fieldErrors: { [field]: [key] } }) })
		}
		return data<ModelsReply>({ ok: true, saved: result.id, notice: { type: 'success', title: t(result.created ? 'toasts.created' : 'toasts.updated'), description: result.name } })
	}

	const submission = parseWithZod(formData, { schema: AiModelDeleteSchema })
	if (submission.status !== 'success') return fail(t('toasts.deleteFailed'))
	const done = await catalog.adminModels.remove(actor, submission.value.id).catch((error: unknown) => {
		console.error('admin: deleting a model failed', error)
		return null
	})
	if (done === null) return fail(t('toasts.deleteFailed'), 500)
	if (!done) return fail(t('toasts.notFound'), 404)
	return data<ModelsReply>({ ok: true, deleted: submission.value.id, notice: { type: 'success', title: t('toasts.deleted') } })
}

export default function AdminModels({ loaderData }: Route.ComponentProps) {
	return <ModelsPage {...loaderData} />
}
