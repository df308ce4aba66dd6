import { z } from 'zod'
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi'
import { API_RATE_LIMIT } from '#modules/accounts/api-scopes.ts'
import type { Operation } from './operation.server.ts'
import { ProblemSchema } from './schemas.ts'

// The OpenAPI 3.1 document of /api/v1, generated from the operations' zod schemas (zod-openapi).

export const API_VERSION = '1.0.0'

const PROBLEM_TITLES: Record<number, string> = {
	400: 'Ungültige Anfrage (Felder in errors)',
	401: 'API-Schlüssel fehlt, ist unbekannt, widerrufen oder abgelaufen',
	402: 'Nicht genügend Credits',
	403: 'Dem API-Schlüssel fehlt die Berechtigung',
	404: 'Nicht gefunden (auch: gehört einem anderen Konto)',
	405: 'Methode nicht erlaubt',
	409: 'Konflikt (Idempotency-Key mit anderem Inhalt, veröffentlichter Post)',
	413: 'Anfrage zu gross',
	415: 'Falscher Content-Type',
	422: 'Nicht möglich (Ablehnung eines Netzwerks mit reasons, ungültiger Zeitpunkt)',
	429: `Zu viele Anfragen (${API_RATE_LIMIT.limit} pro Minute und Schlüssel; Retry-After)`,
	500: 'Interner Fehler',
}

const problemResponse = (status: number) => ({ description: PROBLEM_TITLES[status] ?? 'Fehler', content: { 'application/problem+json': { schema: ProblemSchema } } })

const IdempotencyHeader = z.object({
	'Idempotency-Key': z.string().min(1).max(255).optional().meta({ description: 'Beliebiger Schlüssel (z. B. eine UUID): eine Wiederholung mit demselben Schlüssel liefert das erste Ergebnis, ohne doppelt anzulegen.' }),
})

function operationObject(operation: Operation): ZodOpenApiOperationObject {
	const responses: ZodOpenApiResponsesObject = {}
	for (const [status, response] of Object.entries(operation.responses)) {
		responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] = response.schema ? { description: response.description, content: { [response.contentType ?? 'application/json']: { schema: response.schema } } } : { description: response.description }
	}
	const problems = new Set([...operation.problems, ...(operation.scope ? [401, 403, 429] : []), 500])
	for (const status of [...problems].sort()) responses[String(status) as `4${string}`] = problemResponse(status)
	return {
		operationId: operation.operationId,
		summary: operation.summary,
		...(operation.description ? { description: operation.description } : {}),
		tags: [operation.tag],
		security: operation.scope ? [{ bearerAuth: [] }] : [],
		...(operation.scope ? { 'x-scope': operation.scope } : {}),
		requestParams: {
			...(operation.pathParams ? { path: operation.pathParams } : {}),
			...(operation.query ? { query: operation.query } : {}),
			...(operation.idempotent ? { header: IdempotencyHeader } : {}),
		},
		...(operation.body ? { requestBody: { required: true, content: Object.fromEntries(Object.entries(operation.body).map(([type, schema]) => [type, { schema }])) } } : {}),
		responses,
	}
}

export function openApiDocument(operations: ReadonlyArray<Operation>) {
	const paths: ZodOpenApiPathsObject = {}
	for (const operation of operations) {
		const path = (paths[`/api/v1${operation.path}`] ??= {})
		path[operation.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'] = operationObject(operation)
	}
	return createDocument({
		openapi: '3.1.0',
		info: {
			title: 'Postwerk API',
			version: API_VERSION,
			description:
				'Posts erstellen, planen und veröffentlichen, Entwürfe, Bilder, KI-Generierungen, Credits, Ideen und Webhooks. Anmeldung mit einem persönlichen API-Schlüssel (Einstellungen › API & Integrationen) als «Authorization: Bearer pw_…». Fehler als application/problem+json (RFC 9457) mit stabilem code und deutschem detail.',
		},
		tags: [
			{ name: 'Konten', description: 'Verbundene Netzwerke und Seiten' },
			{ name: 'Posts', description: 'Erstellen, planen, veröffentlichen, ändern, löschen' },
			{ name: 'Entwürfe', description: 'Gespeicherte Entwürfe' },
			{ name: 'Medien', description: 'Bilder für Posts' },
			{ name: 'Generierungen', description: 'KI-Texte und -Bilder (kosten Credits)' },
			{ name: 'Credits', description: 'Guthaben und Buchungen' },
			{ name: 'Ideen', description: 'KI-Content-Ideen' },
			{ name: 'Webhooks', description: 'Signierte Ereignisse an Ihre Adressen (Standard Webhooks)' },
			{ name: 'Dokumentation', description: 'Dieses Dokument' },
		],
		components: {
			securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Persönlicher API-Schlüssel (pw_…) mit den Berechtigungen read, posts, generate, webhooks' } },
		},
		paths,
	})
}
