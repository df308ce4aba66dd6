import { z } from 'zod'
import { WEBHOOK_EVENTS, type AttemptOutcome, type WebhookAttemptView, type WebhookEndpointView } from '#modules/webhooks/index.ts'
import { problem } from '../problem.server.ts'
import { json, readJson, requestIdOf } from '../request.server.ts'
import { defineOperation, type OperationCall } from './operation.server.ts'
import { IdParams } from './schemas.ts'

// /api/v1/webhooks: the outgoing webhooks of Settings › API & Integrationen (the same webhooks
// service calls as the settings page), with the token's 'webhooks' scope.

const instant = z.iso.datetime({ offset: true })

const EndpointSchema = z
	.object({
		id: z.uuid(),
		url: z.string(),
		description: z.string(),
		events: z.array(z.enum(WEBHOOK_EVENTS)),
		enabled: z.boolean(),
		disabledReason: z.enum(['user', 'failures']).nullable().meta({ description: "'failures': nach wiederholten Fehlern abgeschaltet" }),
		createdAt: instant,
		lastDelivery: z.object({ at: instant, statusCode: z.int().nullable(), ok: z.boolean() }).nullable(),
	})
	.meta({ id: 'WebhookEndpoint' })

const CreatedSchema = z.object({ endpoint: EndpointSchema, secret: z.string().nullable().meta({ description: 'whsec_… – nur bei der Erstellung (null bei einer Wiederholung mit demselben Idempotency-Key)' }) }).meta({ id: 'WebhookCreated' })

const AttemptSchema = z
	.object({
		id: z.string(),
		messageId: z.string().meta({ description: 'webhook-id der Nachricht' }),
		event: z.string(),
		attempt: z.int(),
		manual: z.boolean(),
		statusCode: z.int().nullable(),
		error: z.string().nullable(),
		durationMs: z.int(),
		at: instant,
		ok: z.boolean(),
	})
	.meta({ id: 'WebhookAttempt' })

const OutcomeSchema = z.object({ ok: z.boolean(), statusCode: z.int().nullable(), error: z.string().nullable(), durationMs: z.int(), attempt: z.int() }).meta({ id: 'WebhookOutcome' })

const NewEndpointSchema = z
	.object({
		url: z.string().min(1).max(2048).meta({ description: 'Öffentliche https-Adresse' }),
		description: z.string().max(500).default(''),
		events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
	})
	.meta({ id: 'NewWebhookEndpoint' })

const ChangeSchema = z.object({ enabled: z.boolean().meta({ description: 'Ein- oder ausschalten' }) }).meta({ id: 'WebhookChange' })
const ReplaySchema = z.object({ messageId: z.string().regex(/^msg_[0-9a-f]{32}$/).meta({ description: 'webhook-id aus dem Zustellprotokoll' }) }).meta({ id: 'WebhookReplay' })
const LogQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) })

const endpointView = (e: WebhookEndpointView) => e
const attemptView = (a: WebhookAttemptView) => a

/** 'Test senden' / 'Erneut senden' as an answer: 200 with the attempt (also when the receiver failed). */
function sent(call: OperationCall, outcome: AttemptOutcome | null | 'rate_limited') {
	if (!outcome) return problem(call.context, 404, 'not_found')
	if (outcome === 'rate_limited') return problem(call.context, 429, 'rate_limited', { values: { count: 60 }, headers: { 'Retry-After': '60' } })
	return json(outcome)
}

export function webhookOperations() {
	const tag = 'Webhooks'
	return [
		defineOperation({
			method: 'GET',
			path: '/webhooks',
			operationId: 'listWebhooks',
			tag,
			summary: 'Webhooks auflisten',
			description: 'Alle Ihre Webhook-Endpunkte mit Adresse, abonnierten Ereignissen und Zustand.',
			scope: 'webhooks',
			responses: { 200: { description: 'Ihre Webhook-Endpunkte', schema: z.object({ data: z.array(EndpointSchema) }).meta({ id: 'WebhookList' }) } },
			problems: [],
			async handle({ services, principal }) {
				return json({ data: (await services.webhooks.list(principal.user.id)).map(endpointView) })
			},
		}),
		defineOperation({
			method: 'POST',
			path: '/webhooks',
			operationId: 'createWebhook',
			tag,
			summary: 'Webhook hinzufügen',
			description: 'Das Geheimnis (whsec_…) wird nur in dieser Antwort gezeigt; damit prüfen Sie die Signaturen (Standard Webhooks).',
			scope: 'webhooks',
			idempotent: true,
			body: { 'application/json': NewEndpointSchema },
			responses: { 201: { description: 'Der neue Endpunkt und sein Geheimnis', schema: CreatedSchema } },
			problems: [400, 409, 413, 415],
			async handle(call) {
				const { context, request, services, principal } = call
				const body = await readJson(context, request, NewEndpointSchema)
				const created = await services.webhooks.create(principal.user.id, requestIdOf(context, request, principal), body)
				if (!created.ok) {
					if (created.error === 'conflict') return problem(context, 409, 'idempotency_conflict')
					if (created.error === 'limit') return problem(context, 409, 'invalid_request', { detail: created.message })
					return problem(context, 400, 'invalid_request', { detail: created.message, errors: created.field ? [{ field: created.field, message: created.message }] : undefined })
				}
				return json({ endpoint: endpointView(created.endpoint), secret: created.secret }, { status: 201, headers: { Location: `/api/v1/webhooks/${created.endpoint.id}` } })
			},
		}),
		defineOperation({
			method: 'GET',
			path: '/webhooks/{id}',
			operationId: 'getWebhook',
			tag,
			summary: 'Einen Webhook lesen',
			description: 'Adresse, abonnierte Ereignisse und Zustand eines Ihrer Webhook-Endpunkte. Die Id eines anderen Kontos antwortet 404.',
			scope: 'webhooks',
			pathParams: IdParams,
			responses: { 200: { description: 'Der Endpunkt', schema: EndpointSchema } },
			problems: [404],
			async handle({ context, services, principal, params }) {
				const endpoint = await services.webhooks.get(principal.user.id, params.id!)
				return endpoint ? json(endpointView(endpoint)) : problem(context, 404, 'not_found')
			},
		}),
		defineOperation({
			method: 'PATCH',
			path: '/webhooks/{id}',
			operationId: 'updateWebhook',
			tag,
			summary: 'Webhook ein- oder ausschalten',
			description: 'Einschalten setzt die Fehlerzähler zurück.',
			scope: 'webhooks',
			pathParams: IdParams,
			body: { 'application/json': ChangeSchema },
			responses: { 200: { description: 'Der geänderte Endpunkt', schema: EndpointSchema } },
			problems: [400, 404, 413, 415],
			async handle({ context, request, services, principal, params }) {
				const body = await readJson(context, request, ChangeSchema)
				if (!(await services.webhooks.setEnabled(principal.user.id, params.id!, body.enabled))) return problem(context, 404, 'not_found')
				const endpoint = await services.webhooks.get(principal.user.id, params.id!)
				return endpoint ? json(endpointView(endpoint)) : problem(context, 404, 'not_found')
			},
		}),
		defineOperation({
			method: 'DELETE',
			path: '/webhooks/{id}',
			operationId: 'deleteWebhook',
			tag,
			summary: 'Webhook löschen',
			description: 'Löscht einen Ihrer Webhook-Endpunkte; er erhält danach keine Ereignisse mehr.',
			scope: 'webhooks',
			pathParams: IdParams,
			responses: { 204: { description: 'Gelöscht' } },
			problems: [404],
			async handle({ context, services, principal, params }) {
				return (await services.webhooks.remove(principal.user.id, params.id!)) ? new Response(null, { status: 204 }) : problem(context, 404, 'not_found')
			},
		}),
		defineOperation({
			method: 'GET',
			path: '/webhooks/{id}/deliveries',
			operationId: 'listWebhookDeliveries',
			tag,
			summary: 'Zustellprotokoll',
			description: 'Die Zustellversuche der letzten 30 Tage, die neusten zuerst.',
			scope: 'webhooks',
			pathParams: IdParams,
			query: LogQuery,
			responses: { 200: { description: 'Versuche mit Statuscode', schema: z.object({ data: z.array(AttemptSchema) }).meta({ id: 'WebhookAttemptList' }) } },
			problems: [400, 404],
			async handle({ context, services, principal, params, query }) {
				const log = await services.webhooks.log(principal.user.id, params.id!, (query as z.output<typeof LogQuery>).limit)
				return log ? json({ data: log.map(attemptView) }) : problem(context, 404, 'not_found')
			},
		}),
		defineOperation({
			method: 'POST',
			path: '/webhooks/{id}/test',
			operationId: 'testWebhook',
			tag,
			summary: 'Test senden',
			description: 'Sendet sofort eine signierte Nachricht «webhook.test» und antwortet mit dem Ergebnis.',
			scope: 'webhooks',
			pathParams: IdParams,
			responses: { 200: { description: 'Ergebnis des Versuchs', schema: OutcomeSchema } },
			problems: [404],
			async handle(call) {
				return sent(call, await call.services.webhooks.sendTest(call.principal.user.id, call.params.id!))
			},
		}),
		defineOperation({
			method: 'POST',
			path: '/webhooks/{id}/replay',
			operationId: 'replayWebhookMessage',
			tag,
			summary: 'Nachricht erneut senden',
			description: 'Dieselbe Nachricht (gleiche webhook-id und gleicher Inhalt), neu signiert.',
			scope: 'webhooks',
			pathParams: IdParams,
			body: { 'application/json': ReplaySchema },
			responses: { 200: { description: 'Ergebnis des Versuchs', schema: OutcomeSchema } },
			problems: [400, 404, 413, 415],
			async handle(call) {
				const body = await readJson(call.context, call.request, ReplaySchema)
				if (!(await call.services.webhooks.get(call.principal.user.id, call.params.id!))) return problem(call.context, 404, 'not_found')
				return sent(call, await call.services.webhooks.replay(call.principal.user.id, body.messageId))
			},
		}),
	]
}
