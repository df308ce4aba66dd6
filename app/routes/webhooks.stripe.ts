import type { Route } from './+types/webhooks.stripe'
import { servicesContext } from '#app/context.ts'
import { readBodyWithin } from '#app/server/body-limit.server.ts'

// Stripe's webhook: authenticated by the signature on the raw body (no session, no Origin check).
// 400 for a missing, wrong or stale signature; 500 lets Stripe deliver again.
const MAX_BODY = 512 * 1024

export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return new Response(null, { status: 405 })
	const body = await readBodyWithin(request, MAX_BODY)
	if (body === 'too_large') return new Response(null, { status: 413 })
	const { billing } = context.get(servicesContext)
	const raw = new TextDecoder().decode(body)
	const { status } = await billing.handleWebhook(raw, request.headers.get('stripe-signature'))
	return Response.json({ received: status === 200 }, { status })
}

export function loader() {
	return new Response(null, { status: 405 })
}
