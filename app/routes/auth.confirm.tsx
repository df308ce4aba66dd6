import { useTranslation } from '#app/utils/use-translation.ts'
import { data } from 'react-router'
import type { Route } from './+types/auth.confirm'
import { servicesContext } from '#app/context.ts'
import { TokenLinkCard } from '#app/components/auth-card.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import { ConfirmEmailSchema } from '#modules/accounts/schema.ts'
import '#locales/ns/auth.ts'

// The mailed link shows a button; the token is consumed only by the POST (mail scanners follow GETs).
export async function loader({ request, context }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const parsed = ConfirmEmailSchema.safeParse({ token })
	const usable = parsed.success && (await context.get(servicesContext).accounts.isConfirmTokenUsable(parsed.data.token))
	return { token: parsed.success ? parsed.data.token : '', usable, title: getInstance(context).t('auth:confirm.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'referrer', content: 'no-referrer' }]

export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = await parseForm(request, ConfirmEmailSchema)
	const t = getInstance(context).getFixedT('de', 'auth')
	if (submission.status !== 'success') return data({ failed: true }, { status: 400 })
	const result = await context.get(servicesContext).accounts.confirmEmail(submission.value.token)
	if (!result.ok) return data({ failed: true }, { status: 400 })
	return redirectWithToast(context, '/auth', { type: 'success', title: t('confirm.success'), description: t('confirm.successText') })
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	const invalid = Boolean(!loaderData.usable || actionData?.failed)
	return (
		<TokenLinkCard title={t('confirm.title')} text={t('confirm.text')} button={t('confirm.button')} action="/auth/confirm" token={loaderData.token} invalid={invalid} />
	)
}
