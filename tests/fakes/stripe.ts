// A local stand-in for the Stripe API (ADAPTERS.md 4 and 5.6), for the real `stripe` SDK pointed at
// it through STRIPE_API_BASE (host/port/protocol). It keeps Checkout Sessions, subscriptions and
// coupons in memory, honours Idempotency-Key like Stripe (same key + same parameters: the stored
// answer; different parameters: 400 idempotency_error), and builds the webhook events of a
// completed checkout signed with the real SDK's generateTestHeaderString.
//
// In tests:   await using stripe = await startStripeFake()
//             const events = stripe.complete(sessionId)       // checkout.session.completed (+ invoice.paid)
//             stripe.sign(events[0], { secret, timestamp })   // Stripe-Signature header
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

export const FAKE_STRIPE_KEY = 'sk_test_fake_postwerk'
export const FAKE_WEBHOOK_SECRET = 'whsec_test_fake_postwerk'

type Obj = Record<string, unknown>
export type FakeRequest = { method: string; path: string; body: Obj; idempotencyKey: string | null; stripeVersion: string | null }
export type FakeEvent = { id: string; type: string; payload: string }

/** Parses Stripe's form bodies: bracket keys (`line_items[0][price_data][currency]`) into nested objects. */
export function parseStripeForm(body: string): Obj {
	const root: Obj = {}
	for (const [key, value] of new URLSearchParams(body)) {
		const parts = key.replace(/\]/g, '').split('[')
		let node: Obj = root
		parts.forEach((part, i) => {
			if (i === parts.length - 1) node[part] = value
			else node = (node[part] ??= {}) as Obj
		})
	}
	return arrays(root) as Obj
}

// Objects whose keys are 0..n-1 become arrays.
function arrays(value: unknown): unknown {
	if (!value || typeof value !== 'object') return value
	const entries = Object.entries(value as Obj).map(([k, v]) => [k, arrays(v)] as const)
	if (entries.length && entries.every(([k], i) => k === String(i))) return entries.map(([, v]) => v)
	return Object.fromEntries(entries)
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)

export async function startStripeFake() {
	const sessions = new Map<string, Obj>()
	const subscriptions = new Map<string, Obj>()
	const idempotent = new Map<string, { params: string; status: number; body: unknown }>()
	const requests: Array<FakeRequest> = []
	const refunds: Array<Obj> = []
	let failNext: { status: number; body: unknown } | null = null

	function reply(res: http.ServerResponse, status: number, body: unknown) {
		res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
		res.end(JSON.stringify(body))
	}
	const missing = (res: http.ServerResponse, what: string) => reply(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } })

	function createSession(params: Obj, url: string) {
		const mode = String(params.mode ?? '')
		const lineItems = (params.line_items as Array<Obj> | undefined) ?? []
		if (!mode || !lineItems.length || !params.success_url) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'parameter_missing', param: !mode ? 'mode' : 'line_items', message: 'Missing required param.' } } }
		const price = (lineItems[0]!.price_data ?? {}) as Obj
		if (price.currency !== 'chf') return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Only CHF in this fake.' } } }
		const sessionId = id('cs_test')
		const session: Obj = {
			id: sessionId,
			object: 'checkout.session',
			url: `${url}/pay/${sessionId}`,
			status: 'open',
			payment_status: 'unpaid',
			mode,
			currency: 'chf',
			amount_total: Number(price.unit_amount) * Number(lineItems[0]!.quantity ?? 1),
			client_reference_id: params.client_reference_id ?? null,
			customer_email: params.customer_email ?? null,
			metadata: params.metadata ?? {},
			customer: null,
			subscription: null,
			payment_intent: null,
			success_url: params.success_url,
			cancel_url: params.cancel_url,
			line_items_params: lineItems,
			discounts: params.discounts ?? [],
			subscription_data: params.subscription_data ?? null,
		}
		sessions.set(sessionId, session)
		return { status: 200, body: session }
	}

	// No keep-alive timeout: the client ends idle connections. A request on a kept-alive connection this
	// server is just closing fails (ECONNRESET) when a loaded machine holds the event loop past 5 s.
	const server = http.createServer({ keepAliveTimeout: 0 }, (req, res) => {
		const chunks: Array<Buffer> = []
		req.on('data', (c: Buffer) => chunks.push(c))
		req.on('end', () => {
			const raw = Buffer.concat(chunks).toString('utf8')
			const url = new URL(req.url ?? '/', 'http://fake')
			const body = parseStripeForm(raw)
			const key = (req.headers['idempotency-key'] as string | undefined) ?? null
			requests.push({ method: req.method ?? 'GET', path: url.pathname, body, idempotencyKey: key, stripeVersion: (req.headers['stripe-version'] as string | undefined) ?? null })
			if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
				return reply(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' } })
			}
			if (failNext && req.method === 'POST') {
				const failure = failNext
				failNext = null
				return reply(res, failure.status, failure.body)
			}
			if (req.method === 'POST' && key) {
				const stored = idempotent.get(`${url.pathname} ${key}`)
				if (stored) {
					if (stored.params !== raw) {
						return reply(res, 400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } })
					}
					return reply(res, stored.status, stored.body)
				}
			}
			const remember = (status: number, answer: unknown) => {
				if (req.method === 'POST' && key) idempotent.set(`${url.pathname} ${key}`, { params: raw, status, body: answer })
				reply(res, status, answer)
			}
			const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
			if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
				const created = createSession(body, base)
				return remember(created.status, created.body)
			}
			if (req.method === 'POST' && url.pathname === '/v1/coupons') {
				return remember(200, { id: id('coupon'), object: 'coupon', amount_off: Number(body.amount_off), currency: body.currency, duration: body.duration, max_redemptions: Number(body.max_redemptions ?? 0) || null })
			}
			const session = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/)
			if (req.method === 'GET' && session) return sessions.has(session[1]!) ? reply(res, 200, sessions.get(session[1]!)) : missing(res, 'checkout.session')
			if (req.method === 'POST' && url.pathname === '/v1/refunds') {
				const refund = { id: id('re'), object: 'refund', payment_intent: body.payment_intent, status: 'succeeded', currency: 'chf' }
				refunds.push(refund)
				return remember(200, refund)
			}
			const sub = url.pathname.match(/^\/v1\/subscriptions\/([\w-]+)$/)
			if (req.method === 'DELETE' && sub) {
				const found = subscriptions.get(sub[1]!)
				if (!found) return missing(res, 'subscription')
				found.status = 'canceled'
				return remember(200, found)
			}
			if (req.method === 'GET' && sub) return subscriptions.has(sub[1]!) ? reply(res, 200, subscriptions.get(sub[1]!)) : missing(res, 'subscription')
			return missing(res, url.pathname)
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

	function event(type: string, object: Obj, created = now()): FakeEvent {
		const eventId = id('evt')
		const payload = JSON.stringify({ id: eventId, object: 'event', api_version: '2026-10-28.endive', created, type, livemode: false, pending_webhooks: 1, data: { object } })
		return { id: eventId, type, payload }
	}

	function subscriptionEvents(subscriptionId: string, periodStart: number, reason: 'subscription_create' | 'subscription_cycle') {
		const sub = subscriptions.get(subscriptionId)!
		const item = ((sub.items as Obj).data as Array<Obj>)[0]!
		return event('invoice.paid', {
			id: id('in'),
			object: 'invoice',
			status: 'paid',
			billing_reason: reason,
			customer: sub.customer,
			amount_paid: item.amount,
			currency: 'chf',
			parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: sub.metadata } },
			lines: { object: 'list', data: [{ id: id('il'), period: { start: periodStart, end: periodStart + 30 * 86_400 } }] },
		})
	}

	return {
		url,
		requests,
		refunds,
		sessions,
		subscriptions,
		/** The next POST answers this (e.g. 500 api_error, 429 rate_limit). */
		failNext(status: number, body: unknown) {
			failNext = { status, body }
		},
		/**
		 * Pays a session: marks it complete/paid (a subscription session gets a customer and an
		 * active subscription) and returns the events Stripe would send: checkout.session.completed
		 * and, for subscriptions, invoice.paid of the first period.
		 */
		complete(sessionId: string): Array<FakeEvent> {
			const session = sessions.get(sessionId)
			if (!session) throw new Error(`unknown session ${sessionId}`)
			session.status = 'complete'
			session.payment_status = 'paid'
			const events: Array<FakeEvent> = []
			if (session.mode === 'subscription') {
				const customer = id('cus')
				const subscriptionId = id('sub')
				const start = now()
				const price = ((session.line_items_params as Array<Obj>)[0]!.price_data ?? {}) as Obj
				subscriptions.set(subscriptionId, {
					id: subscriptionId,
					object: 'subscription',
					status: 'active',
					customer,
					cancel_at_period_end: false,
					metadata: (session.subscription_data as Obj | null)?.metadata ?? {},
					items: { object: 'list', data: [{ id: id('si'), price: { id: id('price'), currency: 'chf', unit_amount: Number(price.unit_amount) }, amount: Number(price.unit_amount), current_period_start: start, current_period_end: start + 30 * 86_400 }] },
				})
				session.customer = customer
				session.subscription = subscriptionId
				events.push(event('checkout.session.completed', { ...session }))
				events.push(subscriptionEvents(subscriptionId, start, 'subscription_create'))
			} else {
				session.payment_intent = id('pi')
				events.push(event('checkout.session.completed', { ...session }))
			}
			return events
		},
		/** invoice.paid for the next period of a subscription (a renewal). */
		renew(subscriptionId: string): FakeEvent {
			const sub = subscriptions.get(subscriptionId)!
			const item = ((sub.items as Obj).data as Array<Obj>)[0]!
			const start = Number(item.current_period_end)
			item.current_period_start = start
			item.current_period_end = start + 30 * 86_400
			return subscriptionEvents(subscriptionId, start, 'subscription_cycle')
		},
		/** customer.subscription.updated / .deleted with the subscription's current state. */
		subscriptionEvent(subscriptionId: string, type: 'customer.subscription.updated' | 'customer.subscription.deleted', changes: Obj = {}): FakeEvent {
			const sub = subscriptions.get(subscriptionId)!
			Object.assign(sub, changes)
			return event(type, { ...sub })
		},
		/** The Stripe-Signature header for an event (real SDK); a timestamp in the past makes it stale. */
		sign(e: FakeEvent, options: { secret?: string; timestamp?: number } = {}) {
			return Stripe.webhooks.generateTestHeaderString({ payload: e.payload, secret: options.secret ?? FAKE_WEBHOOK_SECRET, timestamp: options.timestamp })
		},
		env(): Record<string, string> {
			return { STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET, STRIPE_API_BASE: url }
		},
		async [Symbol.asyncDispose]() {
			server.closeAllConnections()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}
