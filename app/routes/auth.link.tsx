import { Button } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { data, Form } from 'react-router'
import type { Route } from './+types/auth.link'
import { servicesContext } from '#app/context.ts'
import { AuthCard, InvalidLinkNotice } from '#app/components/auth-card.tsx'
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
	const invalid = !loaderData.usable || actionData?.failed
	return (
		<AuthCard title={t('signInLink.title')}>
			{invalid ? (
				<InvalidLinkNotice to="/auth" label={t('forgot.back')} />
			) : (
				<Form method="post" action="/auth/link">
					<input type="hidden" name="token" value={loaderData.token} />
					<Flex direction="column" gap="3">
						<Text color="gray">{t('signInLink.text')}</Text>
						<Button type="submit" size="3">
							{t('signInLink.button')}
						</Button>
					</Flex>
				</Form>
			)}
		</AuthCard>
	)
}
