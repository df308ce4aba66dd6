import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Button } from '@radix-ui/themes'
import { Flex } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { data, Form, useNavigation } from 'react-router'
import type { Route } from './+types/auth.reset-password'
import { servicesContext } from '#app/context.ts'
import { AuthCard, InvalidLinkNotice } from '#app/components/auth-card.tsx'
import { FormErrors, FormField } from '#app/components/form-field.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import { ResetPasswordSchema } from '#modules/accounts/schema.ts'
import '#locales/ns/auth.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const usable = token.length >= 10 && token.length <= 200 && (await context.get(servicesContext).accounts.isResetTokenUsable(token))
	return { token: usable ? token : '', usable, title: getInstance(context).t('auth:reset.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'referrer', content: 'no-referrer' }]

export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = await parseForm(request, ResetPasswordSchema)
	if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) }, { status: 400 })
	const result = await context.get(servicesContext).accounts.resetPassword(submission.value.token, submission.value.password)
	if (!result.ok) return data({ result: submission.reply({ formErrors: ['errors.invalidToken'], hideFields: ['password', 'confirmPassword'] }) }, { status: 400 })
	const t = getInstance(context).getFixedT('de', 'auth')
	return redirectWithToast(context, '/auth', { type: 'success', title: t('reset.success'), description: t('reset.successText') })
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	const navigation = useNavigation()
	const [form, fields] = useForm({
		lastResult: actionData?.result,
		constraint: getZodConstraint(ResetPasswordSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
		shouldValidate: 'onSubmit',
	})
	return (
		<AuthCard title={t('reset.title')}>
			{!loaderData.usable && !actionData ? (
				<InvalidLinkNotice to="/auth/forgot-password" label={t('forgotPassword')} />
			) : (
				<Form method="post" action="/auth/reset-password" {...getFormProps(form)} noValidate>
					<input type="hidden" name="token" value={loaderData.token || String(fields.token.value ?? '')} />
					<Flex direction="column" gap="3">
						<FormField field={fields.password} label={t('fields.newPassword')} type="password" ns="auth" autoComplete="new-password" hint={t('passwordHint')} />
						<FormField field={fields.confirmPassword} label={t('fields.confirmPassword')} type="password" ns="auth" autoComplete="new-password" />
						<FormErrors errors={form.errors} ns="auth" />
						<Button type="submit" size="3" loading={navigation.state === 'submitting'}>
							{t('reset.button')}
						</Button>
					</Flex>
				</Form>
			)}
		</AuthCard>
	)
}
