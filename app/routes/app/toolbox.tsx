import { data } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { z } from 'zod'
import type { Route } from './+types/toolbox'
import { servicesContext } from '#app/context.ts'
import { LoadError } from '#app/components/load-error.tsx'
import { ToolboxPage } from '#app/components/toolbox/toolbox-page.tsx'
import type { ToolboxActionData } from '#app/components/toolbox/types.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { TOOL_NAMES } from '#modules/toolbox/default-tools.ts'
import toolbox from '#locales/de/toolbox.json'
import '#locales/ns/toolbox.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const page = await context.get(servicesContext).toolbox.page(user.id)
	return { title: getInstance(context).t('toolbox:meta.title'), ...page, isPro: user.subscriptionType === 'pro', timeZone: user.timeZone }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? toolbox.meta.title }]

const tool = z.enum(TOOL_NAMES)
const ActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('toggle'), tool, value: z.enum(['true', 'false']) }),
	z.object({ intent: z.literal('favorite'), tool, value: z.enum(['true', 'false']) }),
	z.object({ intent: z.literal('settings'), tool, settings: z.string().max(50_000) }),
	z.object({
		intent: z.literal('addContact'),
		// From the browser: a retry or a double submit adds the contact once.
		requestId: z.uuid(),
		name: z.string().max(1000).optional(),
		birthDay: z.string().max(10).optional(),
		birthMonth: z.string().max(10).optional(),
		birthYear: z.string().max(10).optional(),
		platform: z.string().max(50).optional(),
		note: z.string().max(5000).optional(),
	}),
	z.object({ intent: z.literal('removeContact'), id: z.string().max(100) }),
])

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text)
	} catch {
		return null
	}
}

// Switches, favourites, settings and the birthday contacts. Every answer carries its toast; input a
// browser can send never ends in a 500 (only a failing database does, answered with the same toast).
export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const t = getInstance(context).getFixedT('de', 'toolbox')
	const { toolbox: service } = context.get(servicesContext)
	const saveFailed = (status: number, extra: Partial<ToolboxActionData> = {}) =>
		data<ToolboxActionData>({ ok: false, ...extra, notice: { type: 'error', title: t('errors.title'), description: t('errors.save') } }, { status })
	const message = (key: string) => (key.startsWith('errors.') ? t(key, { defaultValue: t('errors.invalid') }) : t('errors.invalid'))
	const translate = (errors: Record<string, Array<string>>) => Object.fromEntries(Object.entries(errors).map(([field, keys]) => [field, [...new Set(keys.map(message))]]))

	const { submission } = await parseForm(request, ActionSchema)
	if (submission.status !== 'success') return saveFailed(400)
	const input = submission.value
	try {
		switch (input.intent) {
			case 'toggle': {
				const result = await service.setEnabled(user.id, input.tool, input.value === 'true')
				if (!result.ok) return data<ToolboxActionData>({ ok: false, intent: input.intent, tool: input.tool, notice: { type: 'error', title: t('errors.title'), description: t('errors.unavailable') } }, { status: 409 })
				return data<ToolboxActionData>({ ok: true, intent: input.intent, tool: input.tool })
			}
			case 'favorite':
				await service.setFavorite(user.id, input.tool, input.value === 'true')
				return data<ToolboxActionData>({ ok: true, intent: input.intent, tool: input.tool })
			case 'settings': {
				const result = await service.saveSettings(user.id, input.tool, parseJson(input.settings))
				if (!result.ok) {
					return data<ToolboxActionData>(
						{ ok: false, intent: input.intent, tool: input.tool, errors: translate(result.errors), notice: { type: 'error', title: t('errors.title'), description: t('settings.invalid') } },
						{ status: 400 },
					)
				}
				const name = (await service.list(user.id)).find((x) => x.toolName === input.tool)?.displayName ?? input.tool
				return data<ToolboxActionData>({ ok: true, intent: input.intent, tool: input.tool, notice: { type: 'success', title: t('settings.saved'), description: t('settings.savedText', { name }) } })
			}
			case 'addContact': {
				const { intent: _intent, requestId, ...contact } = input
				const result = await service.addBirthdayContact(user.id, contact, requestId)
				if (!result.ok) {
					const status = result.errors['']?.includes('errors.requestConflict') ? 409 : 400
					return data<ToolboxActionData>({ ok: false, intent: input.intent, errors: translate(result.errors), notice: { type: 'error', title: t('errors.title'), description: t('contacts.failed') } }, { status })
				}
				return data<ToolboxActionData>({ ok: true, intent: input.intent, notice: { type: 'success', title: t('contacts.added') } })
			}
			case 'removeContact': {
				const removed = await service.removeBirthdayContact(user.id, input.id)
				if (!removed) return saveFailed(404, { intent: input.intent })
				return data<ToolboxActionData>({ ok: true, intent: input.intent, notice: { type: 'success', title: t('contacts.removed') } })
			}
		}
	} catch (error) {
		console.error('toolbox: saving failed', error)
		return saveFailed(500, { intent: input.intent })
	}
}

// A save that never reaches the server (network down) or fails there answers like a refused one:
// the fetcher's optimistic value falls back to the loader's and the toast says so.
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ToolboxActionData> {
	try {
		const result = (await serverAction()) as unknown
		if (result && typeof result === 'object' && 'ok' in result) return result as ToolboxActionData
	} catch {
		// fall through
	}
	return { ok: false, notice: { type: 'error', title: toolbox.errors.title, description: toolbox.errors.save } }
}

export default function ToolboxRoute({ loaderData }: Route.ComponentProps) {
	return <ToolboxPage {...loaderData} />
}

export function ErrorBoundary() {
	const { t } = useTranslation('toolbox')
	return <LoadError title={t('errors.loadTitle')} text={t('errors.load')} />
}
