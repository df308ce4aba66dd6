import { useTranslation } from '#app/utils/use-translation.ts'
import { data } from 'react-router'
import type { Route } from './+types/auth.link'
import { servicesContext } from '#app/context.ts'
import { TokenLinkCard } from '#app/components/auth-card.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { redirectWithSession, requestMeta } from '#app/server/session.server.ts'
import { toastHeaders } from '#app/server/toast.server.ts'
import { SignInLinkSchema } from '#modules/accounts/schema.ts'
import '#locales/ns/auth.ts'

// The mailed sign-in link shows a button; the token is consumed only by the POST (mail scanners follow GETs).
export async function loader({ request, context }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const parsed = SignInLinkSchema.safeParse({ token })
	const usable = parsed.success && (await context.get(servicesContext).accounts.isSignInLinkUsable(parsed.data.token))
	return { token: parsed.success ? parsed.data.token : '', usable, title: getInstance(context).t('auth:signInLink.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'referrer', content: 'no-referrer' }]

export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = await parseForm(request, SignInLinkSchema)
	if (submission.status !== 'success') return data({ failed: true }, { status: 400 })
	const result = await context.get(servicesContext).accounts.signInWithLink(submission.value.token, requestMeta(context))
	if (!result.ok) return data({ failed: true }, { status: 400 })
	const t = getInstance(context).getFixedT('de', 'auth')
	const toast = await toastHeaders(context, { type: 'success', title: t('signInSuccess') })
	return redirectWithSession(request, context, result.token, '/', [['Set-Cookie', toast['Set-Cookie']]])
}

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	const invalid = Boolean(!loaderData.usable || actionData?.failed)
	return (
		<TokenLinkCard title={t('signInLink.title')} text={t('signInLink.text')} button={t('signInLink.button')} action="/auth/link" token={loaderData.token} invalid={invalid} />
	)
}
