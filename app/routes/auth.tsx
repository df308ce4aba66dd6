import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Button, Callout, Container, Separator, Tabs } from '@radix-ui/themes'
import { Card, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { ArrowLeft, CheckCircle2, Info } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { data, Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router'
import type { Route } from './+types/auth'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { FormErrors, FormField } from '#app/components/form-field.tsx'
import { Brand } from '#app/components/landing/top-bar.tsx'
import { getInstance, getSpelling } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireAnonymous } from '#app/server/guards.server.ts'
import { redirectWithSession, requestMeta, safeRedirectTarget } from '#app/server/session.server.ts'
import { toastHeaders } from '#app/server/toast.server.ts'
import { ResendConfirmationSchema, SignInLinkRequestSchema, SignInSchema, SignUpSchema } from '#modules/accounts/schema.ts'
import { z } from 'zod'
import '#locales/ns/auth.ts'
import '#app/components/landing/landing.css'

const IntentSchema = z.object({ intent: z.enum(['signin', 'signup', 'resend', 'signin-link']) })

export function loader({ request, context }: Route.LoaderArgs) {
	requireAnonymous(context)
	const info = context.get(requestInfoContext)
	// Read back sanitised too: an old link may still carry a data URL ('/posts.data') or another origin.
	const requested = new URL(request.url).searchParams.get('redirectTo')
	const redirectTo = requested === null ? '' : safeRedirectTarget(requested)
	return { title: getInstance(context).t('auth:meta.title'), googleConfigured: info.googleConfigured, redirectTo }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context }: Route.ActionArgs) {
	requireAnonymous(context)
	const { accounts } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'auth')
	const { formData, submission: intentCheck } = await parseForm(request, IntentSchema)
	// Any redirectTo becomes a same-origin path (or '/') before validation: a bad one never blocks the form.
	formData.set('redirectTo', safeRedirectTarget(formData.get('redirectTo')))
	const intent = intentCheck.status === 'success' ? intentCheck.value.intent : 'signin'

	if (intent === 'signup') {
		const submission = parseWithZod(formData, { schema: SignUpSchema })
		if (submission.status !== 'success') return data({ intent, result: submission.reply({ hideFields: ['password'] }), signedUp: false }, { status: 400 })
		const result = await accounts.signUp(submission.value, getSpelling(context))
		if (!result.ok) {
			return data({ intent, result: submission.reply({ formErrors: ['errors.emailTaken'], hideFields: ['password'] }), signedUp: false }, { status: 400 })
		}
		// Said once, in the box above the form (it stays while the user goes to the mailbox); no toast repeats it.
		return data({ intent, result: submission.reply({ resetForm: true }), signedUp: true })
	}

	if (intent === 'resend') {
		const submission = parseWithZod(formData, { schema: ResendConfirmationSchema })
		if (submission.status === 'success') await accounts.resendConfirmation(submission.value.email, getSpelling(context))
		return data(
			{ intent, result: null, signedUp: false },
			{ headers: await toastHeaders(context, { type: 'info', title: t('resendDone') }) },
		)
	}

	// Offered with the lock message: the owner gets in by mail while the password stays refused.
	if (intent === 'signin-link') {
		const submission = parseWithZod(formData, { schema: SignInLinkRequestSchema })
		if (submission.status === 'success') await accounts.requestSignInLink(submission.value.email, getSpelling(context))
		return { intent, result: null, signedUp: false, linkSent: true }
	}

	const submission = parseWithZod(formData, { schema: SignInSchema })
	if (submission.status !== 'success') return data({ intent, result: submission.reply({ hideFields: ['password'] }), signedUp: false }, { status: 400 })
	const result = await accounts.signIn(submission.value, requestMeta(context))
	if (!result.ok) {
		const key =
			result.error === 'rate_limited'
				? `errors.rateLimited|${Math.ceil((result.retryAfterSeconds ?? 60) / 60)}`
				: result.error === 'email_not_confirmed'
					? 'errors.emailNotConfirmed'
					: 'errors.invalidCredentials'
		return data(
			{
				intent,
				result: submission.reply({ formErrors: [key], hideFields: ['password'] }),
				signedUp: false,
				unconfirmed: result.error === 'email_not_confirmed',
				locked: result.error === 'rate_limited',
			},
			{ status: result.error === 'rate_limited' ? 429 : 400 },
		)
	}
	const toast = await toastHeaders(context, { type: 'success', title: t('signInSuccess') })
	return redirectWithSession(request, context, result.token, safeRedirectTarget(submission.value.redirectTo), [['Set-Cookie', toast['Set-Cookie']]])
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	const [searchParams] = useSearchParams()
	const actionData = useActionData<typeof action>()
	const [tab, setTab] = useState(actionData?.intent === 'signup' || searchParams.get('from') === 'onboarding' ? 'signup' : 'signin')
	const fromOnboarding = searchParams.get('from') === 'onboarding'
	const redirectTo = loaderData.redirectTo
	return (
		<Container size="1" px="4" py="9">
			<Flex direction="column" gap="4">
				<Flex direction="column" align="center" gap="2">
					<Flex justify="between" align="center" wrap="wrap" gap="2" style={{ width: '100%' }}>
						<Brand />
						<Link to="/" data-testid="auth-back-home" style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-1)', fontSize: 'var(--font-size-2)' }}>
							<ArrowLeft size={14} aria-hidden /> {t('backToHome')}
						</Link>
					</Flex>
					<Heading as="h1" size="7" align="center">
						{t('title')}
					</Heading>
					<Text color="gray" align="center">
						{t('subtitle')}
					</Text>
				</Flex>
				{fromOnboarding ? (
					<Callout.Root color="indigo">
						<Callout.Icon>
							<Info size={16} />
						</Callout.Icon>
						<Callout.Text>{t('fromOnboarding')}</Callout.Text>
					</Callout.Root>
				) : null}
				{actionData?.signedUp ? (
					<Callout.Root color="green" role="status">
						<Callout.Icon>
							<CheckCircle2 size={16} />
						</Callout.Icon>
						<Callout.Text>{t('signUpSuccess')}</Callout.Text>
					</Callout.Root>
				) : null}
				{actionData && 'linkSent' in actionData ? (
					<Callout.Root color="green" role="status">
						<Callout.Icon>
							<CheckCircle2 size={16} />
						</Callout.Icon>
						<Callout.Text>{t('signInLink.sent')}</Callout.Text>
					</Callout.Root>
				) : null}
				<Card size="3">
					<Tabs.Root value={tab} onValueChange={setTab}>
						<Tabs.List>
							<Tabs.Trigger value="signin">{t('tabs.signIn')}</Tabs.Trigger>
							<Tabs.Trigger value="signup">{t('tabs.signUp')}</Tabs.Trigger>
						</Tabs.List>
						<Tabs.Content value="signin">
							<SignInForm redirectTo={redirectTo} />
						</Tabs.Content>
						<Tabs.Content value="signup">
							<SignUpForm redirectTo={redirectTo} />
						</Tabs.Content>
					</Tabs.Root>
					<Flex align="center" gap="3" my="4">
						<Separator size="4" />
						<Text size="1" color="gray">
							{t('or')}
						</Text>
						<Separator size="4" />
					</Flex>
					<GoogleButton configured={loaderData.googleConfigured} redirectTo={redirectTo} />
				</Card>
			</Flex>
		</Container>
	)
}

function SignInForm({ redirectTo }: { redirectTo: string }) {
	const { t } = useTranslation('auth')
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const lastResult = actionData?.intent === 'signin' ? actionData.result : undefined
	const [form, fields] = useForm({
		id: 'signin',
		lastResult,
		constraint: getZodConstraint(SignInSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'signin'
	const unconfirmed = actionData && 'unconfirmed' in actionData && actionData.unconfirmed
	const locked = actionData && 'locked' in actionData && actionData.locked
	return (
		<>
		<Form method="post" {...getFormProps(form)} noValidate>
			<Flex direction="column" gap="3" pt="4">
				<input type="hidden" name="intent" value="signin" />
				<input type="hidden" name="redirectTo" value={redirectTo} />
				<FormField field={fields.email} label={t('fields.email')} type="email" ns="auth" autoComplete="email" placeholder={t('placeholders.email')} />
				<FormField field={fields.password} label={t('fields.password')} type="password" ns="auth" autoComplete="current-password" />
				<FormErrors errors={form.errors} ns="auth" />
				<Button type="submit" size="3" loading={busy}>
					{t('submit.signIn')}
				</Button>
				<Flex justify="between" wrap="wrap" gap="2">
					<Link to="/auth/forgot-password">
						<Text size="2">{t('forgotPassword')}</Text>
					</Link>
				</Flex>
			</Flex>
		</Form>
		{unconfirmed ? <ResendForm email={String(fields.email.value ?? '')} /> : null}
		{locked ? <SignInLinkForm email={String(fields.email.value ?? '')} /> : null}
		</>
	)
}

function ResendForm({ email }: { email: string }) {
	const { t } = useTranslation('auth')
	return (
		<Form method="post">
			<input type="hidden" name="intent" value="resend" />
			<input type="hidden" name="email" value={email} />
			<Flex pt="3">
				<Button type="submit" variant="soft">
					{t('resendConfirmation')}
				</Button>
			</Flex>
		</Form>
	)
}

function SignInLinkForm({ email }: { email: string }) {
	const { t } = useTranslation('auth')
	return (
		<Form method="post">
			<input type="hidden" name="intent" value="signin-link" />
			<input type="hidden" name="email" value={email} />
			<Flex direction="column" gap="2" pt="3">
				<Text size="2" color="gray">
					{t('signInLink.offer')}
				</Text>
				<Button type="submit" variant="soft">
					{t('signInLink.request')}
				</Button>
			</Flex>
		</Form>
	)
}

function SignUpForm({ redirectTo }: { redirectTo: string }) {
	const { t } = useTranslation('auth')
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const lastResult = actionData?.intent === 'signup' ? actionData.result : undefined
	const [form, fields] = useForm({
		id: 'signup',
		lastResult,
		constraint: getZodConstraint(SignUpSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'signup'
	return (
		<Form method="post" {...getFormProps(form)} noValidate>
			<Flex direction="column" gap="3" pt="4">
				<input type="hidden" name="intent" value="signup" />
				<input type="hidden" name="redirectTo" value={redirectTo} />
				<FormField field={fields.fullName} label={t('fields.fullName')} ns="auth" autoComplete="name" placeholder={t('placeholders.fullName')} />
				<FormField field={fields.email} label={t('fields.email')} type="email" ns="auth" autoComplete="email" placeholder={t('placeholders.email')} />
				<FormField field={fields.password} label={t('fields.password')} type="password" ns="auth" autoComplete="new-password" hint={t('passwordHint')} />
				<FormErrors errors={form.errors} ns="auth" />
				<Button type="submit" size="3" loading={busy}>
					{t('submit.signUp')}
				</Button>
			</Flex>
		</Form>
	)
}

function GoogleButton({ configured, redirectTo }: { configured: boolean; redirectTo: string }) {
	const { t } = useTranslation('auth')
	if (!configured) {
		return (
			<Flex direction="column" gap="2">
				<Button type="button" variant="outline" size="3" disabled style={{ width: '100%' }}>
					{t('google')}
				</Button>
				<Text size="1" color="gray" align="center">
					{t('googleNotConfigured')}
				</Text>
			</Flex>
		)
	}
	return (
		<Form method="post" action="/auth/google" reloadDocument>
			<input type="hidden" name="redirectTo" value={redirectTo} />
			<Button type="submit" variant="outline" size="3" style={{ width: '100%' }}>
				{t('google')}
			</Button>
		</Form>
	)
}
