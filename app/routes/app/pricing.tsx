import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/pricing'
import { servicesContext } from '#app/context.ts'
import { PricingPage } from '#app/components/pricing/pricing-page.tsx'
import type { PricingReply } from '#app/components/pricing/types.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { requestIdOf } from '#app/server/request-id.server.ts'
import { answerOrRefusal } from '#app/utils/action-fallback.ts'
import billingTexts from '#locales/de/billing.json'
import { CheckoutSchema, EnterpriseRequestSchema, ValidateDiscountSchema } from '#modules/billing/index.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const { billing } = context.get(servicesContext)
	const pricing = await billing.pricing(user.id)
	const checkout = new URL(request.url).searchParams.get('checkout')
	return {
		title: getInstance(context).t('billing:meta.title'),
		...pricing,
		currentPlan: user.subscriptionType,
		credits: user.creditsRemaining,
		user: { name: user.fullName, email: user.email },
		checkout: checkout === 'success' ? ('success' as const) : checkout === 'cancelled' ? ('cancelled' as const) : null,
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const IntentSchema = z.object({ intent: z.enum(['validate', 'checkout', 'contact']) })

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const { billing } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'billing')
	const { formData, submission: intentCheck } = await parseForm(request, IntentSchema)
	const fail = (title: string, description?: string, status = 400, extra: Partial<PricingReply> = {}) =>
		data<PricingReply>({ ok: false, notice: { type: 'error', title, description }, ...extra }, { status })
	if (intentCheck.status !== 'success') return fail(t('checkout.failedTitle'), t('checkout.failed'))
	const intent = intentCheck.value.intent

	if (intent === 'validate') {
		const submission = parseWithZod(formData, { schema: ValidateDiscountSchema })
		if (submission.status !== 'success') return fail(t('discount.invalidTitle'), t('discount.needsPackage'))
		const { itemKind, itemId, code } = submission.value
		try {
			const result = await billing.validateDiscount({ code, item: { kind: itemKind, id: itemId }, userId: user.id })
			if (result === 'rate_limited') return fail(t('discount.checkFailed'), t('discount.rateLimited'), 429)
			if (!result) return fail(t('discount.invalidTitle'), t('discount.needsPackage'))
			const key = `${itemKind}:${itemId}:${code}`
			return data<PricingReply>({ ok: result.valid, discount: { key, result } })
		} catch {
			return fail(t('checkout.failedTitle'), t('discount.checkFailed'), 500)
		}
	}

	if (intent === 'checkout') {
		const submission = parseWithZod(formData, { schema: CheckoutSchema })
		if (submission.status !== 'success') return fail(t('checkout.failedTitle'), t('checkout.failed'))
		const { itemKind, itemId, code } = submission.value
		const result = await billing
			.startCheckout({ id: user.id, email: user.email, subscriptionType: user.subscriptionType }, { item: { kind: itemKind, id: itemId }, code: code || undefined })
			.catch(() => ({ ok: false as const, reason: 'provider_failed' as const }))
		if (result.ok) return redirect(result.url)
		if (result.reason === 'invalid_discount') {
			const key = `${itemKind}:${itemId}:${code ?? ''}`
			// Said inline under the code field (the page reads `discount`), so no toast with the same text.
			return data<PricingReply>({ ok: false, discount: { key, result: result.discount } }, { status: 400 })
		}
		if (result.reason === 'already_subscribed') return fail(t('checkout.failedTitle'), t('checkout.alreadySubscribed'))
		return fail(t('checkout.failedTitle'), itemKind === 'pack' ? t('checkout.packFailed') : t('checkout.failed'), 502)
	}

	const submission = parseWithZod(formData, { schema: EnterpriseRequestSchema })
	if (submission.status !== 'success') return data<PricingReply>({ ok: false, contact: submission.reply() }, { status: 400 })
	const requestId = requestIdOf(formData)
	if (!requestId) return fail(t('checkout.failedTitle'), t('enterprise.failed'))
	const stored = await billing.submitEnterpriseRequest(user.id, submission.value, requestId).catch(() => undefined)
	if (stored === null) return fail(t('checkout.failedTitle'), t('discount.rateLimited'), 429)
	if (stored === 'conflict') return fail(t('checkout.failedTitle'), t('enterprise.failed'), 409)
	if (!stored) return fail(t('checkout.failedTitle'), t('enterprise.failed'), 500)
	return data<PricingReply>({ ok: true, contactSent: true, notice: { type: 'success', title: t('enterprise.sent'), description: t('enterprise.sentText') } })
}

// A check, checkout or request that never reaches the server or breaks there answers with a toast; the page stays.
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
	const intent = (await request.clone().formData()).get('intent')
	const description = intent === 'validate' ? billingTexts.discount.checkFailed : intent === 'contact' ? billingTexts.enterprise.failed : billingTexts.checkout.failed
	return answerOrRefusal<Awaited<ReturnType<typeof serverAction>>>(serverAction, { type: 'error', title: billingTexts.checkout.failedTitle, description })
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
	return <PricingPage {...loaderData} />
}
