import { Button } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { data, Form } from 'react-router'
import type { Route } from './+types/auth.confirm'
import { servicesContext } from '#app/context.ts'
import { AuthCard, InvalidLinkNotice } from '#app/components/auth-card.tsx'
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
	const invalid = !loaderData.usable || actionData?.failed
	return (
		<AuthCard title={t('confirm.title')}>
			{invalid ? (
				<InvalidLinkNotice to="/auth" label={t('forgot.back')} />
			) : (
				<Form method="post" action="/auth/confirm">
					<input type="hidden" name="token" value={loaderData.token} />
					<Flex direction="column" gap="3">
						<Text color="gray">{t('confirm.text')}</Text>
						<Button type="submit" size="3">
							{t('confirm.button')}
						</Button>
					</Flex>
				</Form>
			)}
		</AuthCard>
	)
}
