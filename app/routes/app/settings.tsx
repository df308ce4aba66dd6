import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { z } from 'zod'
import type { Route } from './+types/settings'
import { servicesContext } from '#app/context.ts'
import { LoadError } from '#app/components/load-error.tsx'
import { SettingsPage } from '#app/components/settings/settings-page.tsx'
import type { SettingsReply } from '#app/components/settings/types.ts'
import { getInstance, getSpelling } from '#app/middleware/i18next.ts'
import { brandChoice, currentBrandId, settingsBrand } from '#app/server/brand-choice.server.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { destroySessionCookie, readSessionToken } from '#app/server/session.server.ts'
import { toastHeaders } from '#app/server/toast.server.ts'
import { ChangePasswordSchema, DEFAULT_TIME_ZONE, DeleteAccountSchema, PreferencesSchema, ProfileSchema } from '#modules/accounts/index.ts'
import { ContentSettingsSchema } from '#modules/news/index.ts'
import '#locales/ns/settings.ts'

const LEDGER_ROWS = 50

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const { accounts, news, publishing, billing } = context.get(servicesContext)
	// The content settings are the chosen brand's ('Alle Marken': the first brand's, ADR 0047).
	const brand = settingsBrand(await brandChoice(context, request, user))
	const [account, content, ledger, connections, payments] = await Promise.all([
		accounts.getAccountSettings(user.id),
		news.getContentSettings(user.id, brand.id),
		accounts.listLedger(user.id, LEDGER_ROWS),
		publishing.listConnections(user.id),
		billing.listPayments(user.id, 20),
	])
	if (!account) throw data(null, { status: 404 })
	return {
		title: getInstance(context).t('settings:meta.title'),
		account,
		content,
		contentBrand: { name: brand.name, allBrands: brand.allBrands },
		ledger,
		payments,
		connections,
		sandboxPlatforms: publishing.sandboxPlatforms(),
		timeZones: timeZoneList(account.timeZone),
		spelling: getSpelling(context),
	}
}

/** The IANA zones this server knows, with the user's own and the default always present. */
function timeZoneList(current: string) {
	const zones = new Set(Intl.supportedValuesOf('timeZone'))
	zones.add(DEFAULT_TIME_ZONE)
	zones.add(current)
	return [...zones].sort()
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const IntentSchema = z.object({ intent: z.enum(['profile', 'content', 'password', 'sign-out-others', 'preferences', 'delete-account']) })

/** The field errors of a failed submission, as i18n keys of the `settings` namespace. */
function fieldErrors(error: Record<string, Array<string> | null> | null | undefined) {
	const errors: Record<string, string> = {}
	for (const [name, messages] of Object.entries(error ?? {})) if (messages?.[0]) errors[name] = messages[0]
	return errors
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const { accounts, news } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'settings')
	const { formData, submission: intentCheck } = await parseForm(request, IntentSchema)

	function fail(description: string, errors: Record<string, string> = {}, status = 400) {
		return data<SettingsReply>({ ok: false, errors, notice: { type: 'error', title: t('errorTitle'), description } }, { status })
	}
	function succeed(title: string, description?: string) {
		return data<SettingsReply>({ ok: true, errors: {}, notice: { type: 'success', title, description } })
	}

	if (intentCheck.status !== 'success') return fail(t('invalid'))
	const intent = intentCheck.value.intent

	if (intent === 'profile') {
		const submission = parseWithZod(formData, { schema: ProfileSchema })
		if (submission.status !== 'success') return fail(t('profile.failed'), fieldErrors(submission.error))
		const done = await accounts.updateProfileName(user.id, submission.value.fullName).catch(logged('profile', false))
		return done ? succeed(t('saved')) : fail(t('profile.failed'), {}, 500)
	}

	if (intent === 'content') {
		const submission = parseWithZod(formData, { schema: ContentSettingsSchema })
		if (submission.status !== 'success') return fail(t('content.failed'), fieldErrors(submission.error))
		const brandId = await currentBrandId(context, request, user)
		const saved = await news.saveContentSettings(user.id, submission.value, brandId).catch(logged('content', null))
		return saved ? succeed(t('saved')) : fail(t('content.failed'), {}, 500)
	}

	if (intent === 'preferences') {
		const submission = parseWithZod(formData, { schema: PreferencesSchema })
		if (submission.status !== 'success') return fail(t('preferences.failed'), fieldErrors(submission.error))
		const done = await accounts.updatePreferences(user.id, submission.value).catch(logged('preferences', false))
		return done ? succeed(t('saved')) : fail(t('preferences.failed'), {}, 500)
	}

	const token = await readSessionToken(request, context)
	if (!token) return fail(t('invalid'), {}, 401)

	if (intent === 'password') {
		const submission = parseWithZod(formData, { schema: ChangePasswordSchema })
		if (submission.status !== 'success') return fail(t('security.failed'), fieldErrors(submission.error))
		const result = await accounts.changePassword(user.id, token, submission.value)
		if (!result.ok && result.error === 'rate_limited') return fail(t('security.errors.rateLimited'), {}, 429)
		if (!result.ok) return fail(t('security.errors.currentWrong'), { currentPassword: 'security.errors.currentWrong' })
		return data<SettingsReply>({ ok: true, errors: {}, reset: true, notice: { type: 'success', title: t('security.changed'), description: t('security.changedText') } })
	}

	if (intent === 'sign-out-others') {
		const count = await accounts.revokeOtherSessions(user.id, token)
		return succeed(t('security.signedOutOthers'), t('security.signedOutOthersText', { count }))
	}

	const submission = parseWithZod(formData, { schema: DeleteAccountSchema })
	if (submission.status !== 'success') return fail(t('data.errors.emailMismatch'), fieldErrors(submission.error))
	const deleted = await accounts.deleteAccount(user.id, submission.value.confirmEmail)
	if (!deleted) return fail(t('data.errors.emailMismatch'), { confirmEmail: 'data.errors.emailMismatch' })
	const headers = new Headers()
	headers.append('Set-Cookie', await destroySessionCookie(context))
	headers.append('Set-Cookie', (await toastHeaders(context, { type: 'info', title: t('data.deleted') }))['Set-Cookie'])
	headers.append('Clear-Site-Data', '"cache", "storage"')
	return redirect('/', { headers })
}

// A failed write is answered with the spec's toast; the cause goes to the server log.
function logged<T>(what: string, fallback: T) {
	return (error: unknown) => {
		console.error(`settings: ${what} failed`, error)
		return fallback
	}
}

export default function SettingsRoute({ loaderData }: Route.ComponentProps) {
	return <SettingsPage {...loaderData} />
}

export function ErrorBoundary() {
	const { t } = useTranslation('settings')
	return <LoadError title={t('errorTitle')} text={t('loadFailed')} />
}
