import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Button, Callout } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/auth.forgot-password'
import { servicesContext } from '#app/context.ts'
import { AuthCard } from '#app/components/auth-card.tsx'
import { FormField } from '#app/components/form-field.tsx'
import { getInstance, getSpelling } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { ForgotPasswordSchema } from '#modules/accounts/schema.ts'
import '#locales/ns/auth.ts'

export function loader({ context }: Route.LoaderArgs) {
	return { title: getInstance(context).t('auth:forgot.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

// The answer is the same whether or not an account exists (no account enumeration).
export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = await parseForm(request, ForgotPasswordSchema)
	if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 })
	await context.get(servicesContext).accounts.requestPasswordReset(submission.value.email, getSpelling(context))
	return { result: submission.reply({ resetForm: true }), sent: true }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	const navigation = useNavigation()
	const [form, fields] = useForm({
		lastResult: actionData?.result,
		constraint: getZodConstraint(ForgotPasswordSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
		shouldValidate: 'onSubmit',
	})
	return (
		<AuthCard title={t('forgot.title')}>
			<Form method="post" {...getFormProps(form)} noValidate>
				<Flex direction="column" gap="4">
					<Text color="gray">{t('forgot.text')}</Text>
					{actionData?.sent ? (
						<Callout.Root color="green" role="status">
							<Callout.Text>{t('forgot.done')}</Callout.Text>
						</Callout.Root>
					) : null}
					<FormField field={fields.email} label={t('fields.email')} type="email" ns="auth" autoComplete="email" />
					<Button type="submit" size="3" loading={navigation.state === 'submitting'}>
						{t('forgot.button')}
					</Button>
					<Link to="/auth">
						<Text size="2">{t('forgot.back')}</Text>
					</Link>
				</Flex>
			</Form>
		</AuthCard>
	)
}
