import { data, Form, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { Button, Callout, Card } from '@radix-ui/themes'
import { ShieldCheck } from 'lucide-react'
import type { Route } from './+types/oauth-consent'
import { servicesContext } from '#app/context.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { brandChoice } from '#app/server/brand-choice.server.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/integrations.ts'

// The OAuth consent (ADR 0071): an app's authorization request (server/oauth.ts keeps it and sends
// the browser here) shown in German; 'Zulassen' gives the app its single-use code, 'Ablehnen' answers
// access_denied, both by redirect to the URI the app registered. Signed-out visitors come back here
// after signing in (the app layout's guard); cross-site posts are refused by the same-origin guard.

const QuerySchema = z.object({ anfrage: z.uuid() })
const DecisionSchema = z.object({ requestId: z.uuid(), decision: z.enum(['allow', 'deny']) })

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const t = getInstance(context).getFixedT(null, 'integrations')
	const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	const pending = query.success ? await context.get(servicesContext).accounts.oauth.pending(query.data.anfrage) : null
	const title = t('consent.meta.title')
	if (!pending) return data({ title, request: null, email: user.email, brand: null }, { status: 404 })
	const brands = await brandChoice(context, request, user)
	return { title, request: { ...pending, redirectHost: new URL(pending.redirectUri).host }, email: user.email, brand: brands.current?.name ?? null }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const t = getInstance(context).getFixedT(null, 'integrations')
	const { submission } = await parseForm(request, DecisionSchema)
	if (submission.status !== 'success') return data({ error: t('consent.gone') }, { status: 400 })
	const { oauth } = context.get(servicesContext).accounts
	const { requestId, decision } = submission.value
	const target = decision === 'allow' ? await oauth.approve(user.id, requestId) : await oauth.deny(requestId)
	if (!target) return data({ error: t('consent.gone') }, { status: 404 })
	return redirect(target)
}

export default function OAuthConsentRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('integrations')
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle'
	const pending = loaderData.request
	if (!pending || actionData?.error) {
		return (
			<Flex direction="column" gap="4" style={{ maxWidth: 640 }}>
				<PageHeader title={t('consent.goneTitle')} />
				<Callout.Root color="amber" role="alert">
					<Callout.Text>{actionData?.error ?? t('consent.gone')}</Callout.Text>
				</Callout.Root>
			</Flex>
		)
	}
	return (
		<Flex direction="column" gap="4" style={{ maxWidth: 640 }}>
			<PageHeader title={t('consent.title')} />
			<Card size="3">
				<Flex direction="column" gap="4">
					<Flex gap="3" align="start">
						<Text color="indigo" aria-hidden>
							<ShieldCheck size={24} />
						</Text>
						<Flex direction="column" gap="1">
							<Heading as="h2" size="4">
								{t('consent.intro', { name: pending.clientName })}
							</Heading>
							<Text size="2" color="gray">
								{t('consent.redirect', { host: pending.redirectHost })}
							</Text>
						</Flex>
					</Flex>
					<Flex direction="column" gap="2">
						<Text size="2" weight="medium">
							{t('consent.scopes')}
						</Text>
						<ul aria-label={t('consent.scopes')} style={{ margin: 0, paddingLeft: '1.25rem' }}>
							{pending.scopes.map((scope) => (
								<li key={scope}>
									<Text size="2">
										<strong>{t(`tokens.scope.${scope}`)}</strong> – {t(`tokens.scopeHint.${scope}`)}
									</Text>
								</li>
							))}
						</ul>
						<Text size="2" color="gray">
							{t(`consent.resource.${pending.audience}`)}
						</Text>
					</Flex>
					<Flex direction="column" gap="1">
						<Text size="2">{t('consent.account', { email: loaderData.email })}</Text>
						<Text size="2" color="gray">
							{loaderData.brand ? t('consent.brand', { brand: loaderData.brand }) : t('consent.brandAll')}
						</Text>
						<Text size="2" color="gray">
							{t('consent.revokeHint')}
						</Text>
					</Flex>
					<Form method="post">
						<input type="hidden" name="requestId" value={pending.id} />
						<Flex gap="3" wrap="wrap" justify="end">
							<Button type="submit" name="decision" value="deny" variant="soft" color="gray" size="3" disabled={busy}>
								{t('consent.deny')}
							</Button>
							<Button type="submit" name="decision" value="allow" size="3" disabled={busy}>
								{t('consent.allow')}
							</Button>
						</Flex>
					</Form>
				</Flex>
			</Card>
		</Flex>
	)
}
