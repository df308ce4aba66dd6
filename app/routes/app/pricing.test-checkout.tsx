import { Button, Callout, Separator } from '@radix-ui/themes'
import { Badge, Card, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { FlaskConical } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { data, Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/pricing.test-checkout'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import { formatChf, formatNumber } from '#app/utils/format.ts'
import '#locales/ns/billing.ts'

// The offline test checkout ('Testmodus – keine echte Zahlung'): 'pay' completes through the same
// fulfilment as a provider's webhook. Only the user's own pending checkout is shown.
export async function loader({ request, context, params }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const { billing } = context.get(servicesContext)
	const checkout = await billing.testCheckout(user.id, params.sessionId)
	const t = getInstance(context).getFixedT('de', 'billing')
	if (!checkout) throw data({ message: t('testCheckout.notFound') }, { status: 404 })
	return { title: `${t('testCheckout.title')} · ${t('testMode')}`, checkout }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const ActionSchema = z.object({ intent: z.enum(['pay', 'cancel']) })

export async function action({ request, context, params }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const { billing } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'billing')
	const { submission } = await parseForm(request, ActionSchema)
	if (submission.status !== 'success') throw data(null, { status: 400 })
	// A checkout paid already (in another tab, or a second click) is never shown as cancelled or failed.
	const alreadyPaid = (description: string) => redirectWithToast(context, '/pricing?checkout=success', { type: 'info', title: t('testCheckout.alreadyPaidTitle'), description })
	if (submission.value.intent === 'cancel') {
		const cancelled = await billing.cancelTestCheckout(user.id, params.sessionId)
		if (cancelled === 'paid') return alreadyPaid(t('testCheckout.alreadyPaidCancel'))
		if (cancelled === 'unknown') return redirectWithToast(context, '/pricing', { type: 'error', title: t('checkout.failedTitle'), description: t('testCheckout.notFound') })
		return redirectWithToast(context, '/pricing?checkout=cancelled', { type: 'info', title: t('testCheckout.cancelled') })
	}
	const checkout = await billing.testCheckout(user.id, params.sessionId)
	const result = await billing.completeTestCheckout(user.id, params.sessionId)
	if (result === 'fulfilled' && checkout) {
		const description =
			checkout.kind === 'credit_pack' ? t('testCheckout.paidPack', { credits: formatNumber(checkout.credits) }) : t('testCheckout.paidPlan', { name: checkout.planName ?? '' })
		return redirectWithToast(context, '/pricing?checkout=success', { type: 'success', title: t('testCheckout.paid'), description })
	}
	if (result === 'discount_exhausted') {
		return redirectWithToast(context, '/pricing', { type: 'error', title: t('discount.invalidTitle'), description: t('testCheckout.discountExhausted') })
	}
	if ((await billing.testCheckoutStatus(user.id, params.sessionId)) === 'paid') return alreadyPaid(t('testCheckout.alreadyPaid'))
	return redirectWithToast(context, '/pricing', { type: 'error', title: t('checkout.failedTitle'), description: t('testCheckout.notFound') })
}

export default function TestCheckout({ loaderData: { checkout } }: Route.ComponentProps) {
	const { t } = useTranslation('billing')
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null
	const full = checkout.amountChf + checkout.discountChf
	const item = checkout.kind === 'credit_pack' ? t('payments.pack', { credits: formatNumber(checkout.credits) }) : t('payments.plan', { name: checkout.planName ?? '' })
	return (
		<Flex justify="center">
			<Card size="4" style={{ width: '100%', maxWidth: 520 }}>
				<Flex direction="column" gap="4">
					<Flex justify="between" align="center" gap="2" wrap="wrap">
						<Heading as="h2" size="6">
							{t('testCheckout.title')}
						</Heading>
						<Badge color="amber" size="2">
							{t('testMode')}
						</Badge>
					</Flex>
					<Callout.Root color="amber">
						<Callout.Icon>
							<FlaskConical size={16} />
						</Callout.Icon>
						<Callout.Text>{t('testCheckout.description')}</Callout.Text>
					</Callout.Root>
					<Flex direction="column" gap="2" data-testid="test-checkout-summary">
						<Flex justify="between">
							<Text color="gray">{t('testCheckout.item')}</Text>
							<Text>{item}</Text>
						</Flex>
						<Flex justify="between">
							<Text color="gray">{t('testCheckout.price')}</Text>
							<Text>{formatChf(full)}</Text>
						</Flex>
						{checkout.discountCode ? (
							<Flex justify="between">
								<Text color="gray">{t('testCheckout.discount', { code: checkout.discountCode })}</Text>
								<Text color="green">−{formatChf(checkout.discountChf)}</Text>
							</Flex>
						) : null}
						<Separator size="4" />
						<Flex justify="between">
							<Text weight="bold">{t('testCheckout.total')}</Text>
							<Text weight="bold" data-testid="test-checkout-total">
								{formatChf(checkout.amountChf)}
							</Text>
						</Flex>
					</Flex>
					<Form method="post">
						<Flex gap="3" justify="end">
							<Button type="submit" name="intent" value="cancel" variant="soft" color="gray" loading={busy === 'cancel'} disabled={Boolean(busy)}>
								{t('testCheckout.cancel')}
							</Button>
							<Button type="submit" name="intent" value="pay" loading={busy === 'pay'} disabled={Boolean(busy)}>
								{t('testCheckout.pay')}
							</Button>
						</Flex>
					</Form>
				</Flex>
			</Card>
		</Flex>
	)
}

export function ErrorBoundary() {
	const { t } = useTranslation('billing')
	return (
		<Card size="3">
			<Flex direction="column" gap="3" align="start">
				<Text>{t('testCheckout.notFound')}</Text>
				<Button asChild variant="soft">
					<Link to="/pricing">{t('testCheckout.back')}</Link>
				</Button>
			</Flex>
		</Card>
	)
}
