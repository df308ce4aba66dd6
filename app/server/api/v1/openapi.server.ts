import { z } from 'zod'
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi'
import { API_RATE_LIMIT } from '#modules/accounts/api-scopes.ts'
import type { Operation } from './operation.server.ts'
import { ProblemSchema } from './schemas.ts'

// The OpenAPI 3.1 document of /api/v1, generated from the operations' zod schemas (zod-openapi).
// What every operation shares is added here, in one place (ADR 0073): the answers 401 (with a token),
// 404 (with an id in the path), 405 and 500 as problem+json, the RateLimit header fields on every
// answer, the server's public URL. Redocly's `recommended` and Spectral's `spectral:oas` rules pass
// (tests/integration/openapi-lint.test.ts).

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

/** The RateLimit header fields of every answer (draft-ietf-httpapi-ratelimit-headers), as components. */
const RATE_LIMIT_HEADERS = {
	'RateLimit-Policy': {
		description: `Die Grenze jedes API-Schlüssels, z. B. «"default";q=${API_RATE_LIMIT.limit};w=${API_RATE_LIMIT.windowSeconds}»: ${API_RATE_LIMIT.limit} Anfragen je ${API_RATE_LIMIT.windowSeconds} Sekunden.`,
		schema: { type: 'string' as const },
	},
	RateLimit: {
		description: 'Was davon bleibt, z. B. «"default";r=117;t=42»: noch 117 Anfragen, neues Kontingent in 42 Sekunden. Fehlt ohne (gültigen) API-Schlüssel.',
		schema: { type: 'string' as const },
	},
}
const rateLimitHeaders = Object.fromEntries(Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]))

const problemResponse = (status: number) => ({
	description: PROBLEM_TITLES[status] ?? 'Fehler',
	headers: status === 429 ? { ...rateLimitHeaders, 'Retry-After': { description: 'Sekunden bis zum nächsten Versuch', schema: { type: 'integer' as const } } } : rateLimitHeaders,
	content: { 'application/problem+json': { schema: ProblemSchema } },
})

/** The problems any operation may answer besides its own: 401/403/429 with a token, 404 with an id in the path, 405 and 500 always. */
function sharedProblems(operation: Operation) {
	return [...(operation.scope ? [401, 403, 429] : []), ...(operation.pathParams ? [404] : []), 405, 500]
}

const IdempotencyHeader = z.object({
	'Idempotency-Key': z.string().min(1).max(255).optional().meta({ description: 'Beliebiger Schlüssel (z. B. eine UUID): eine Wiederholung mit demselben Schlüssel liefert das erste Ergebnis, ohne doppelt anzulegen.' }),
})

function operationObject(operation: Operation): ZodOpenApiOperationObject {
	const responses: ZodOpenApiResponsesObject = {}
	for (const [status, response] of Object.entries(operation.responses)) {
		const content = response.schema ? { content: { [response.contentType ?? 'application/json']: { schema: response.schema } } } : {}
		responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] = { description: response.description, headers: rateLimitHeaders, ...content }
	}
	const problems = new Set([...operation.problems, ...sharedProblems(operation)])
	for (const status of [...problems].sort()) responses[String(status) as `4${string}`] = problemResponse(status)
	return {
		operationId: operation.operationId,
		summary: operation.summary,
		description: operation.description,
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

/** `appUrl`: the app's public URL (the document's server); without it the document names none. */
export function openApiDocument(operations: ReadonlyArray<Operation>, appUrl?: string) {
	const paths: ZodOpenApiPathsObject = {}
	for (const operation of operations) {
		const path = (paths[`/api/v1${operation.path}`] ??= {})
		path[operation.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'] = operationObject(operation)
	}
	return createDocument({
		openapi: '3.1.0',
		...(appUrl ? { servers: [{ url: appUrl, description: 'Postwerk' }] } : {}),
		info: {
			title: 'Postwerk API',
			version: API_VERSION,
			...(appUrl ? { contact: { name: 'Postwerk', url: `${appUrl}/api-referenz` } } : {}),
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
			headers: RATE_LIMIT_HEADERS,
			securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Persönlicher API-Schlüssel (pw_…) mit den Berechtigungen read, posts, generate, webhooks' } },
		},
		paths,
	})
}
