import type { RouterContextProvider } from 'react-router'
import { requestInfoContext } from '#app/context.ts'
import type { RegisteredPlatforms } from '#modules/content/platforms.ts'
import { json } from '../request.server.ts'
import { accountOperations } from './account.server.ts'
import { agentOperations } from './agents.server.ts'
import { draftOperations } from './drafts.server.ts'
import { generationOperations } from './generations.server.ts'
import { mediaOperations } from './media.server.ts'
import { openApiDocument } from './openapi.server.ts'
import { defineOperation, type Operation } from './operation.server.ts'
import { postOperations } from './posts.server.ts'
import { timesOperations } from './times.server.ts'
import { validateOperations } from './validate.server.ts'
import { webhookOperations } from './webhooks.server.ts'

// Every operation of /api/v1 (the schemas name the registered networks, so they are built per registry).

const built = new Map<string, { operations: Array<Operation>; document: ReturnType<typeof openApiDocument> }>()

function build(registered: RegisteredPlatforms, appUrl?: string) {
	const key = `${registered.join(',')} ${appUrl ?? ''}`
	const known = built.get(key)
	if (known) return known
	const operations: Array<Operation> = [...accountOperations(registered), ...postOperations(registered), ...draftOperations(registered), ...mediaOperations(), ...generationOperations(registered), ...webhookOperations(), ...agentOperations(), ...validateOperations(registered), ...timesOperations()]
	operations.push(
		defineOperation({
			method: 'GET',
			path: '/openapi.json',
			operationId: 'getOpenApi',
			tag: 'Dokumentation',
			summary: 'Dieses OpenAPI-Dokument',
			description: 'Die Beschreibung aller Operationen als OpenAPI 3.1 (JSON), ohne Anmeldung lesbar, z. B. für einen generierten Client.',
			scope: null,
			responses: { 200: { description: 'OpenAPI 3.1' } },
			problems: [],
			async handle({ context, request }) {
				return json(build(registered, appUrlOf(context, request)).document, { headers: { 'Cache-Control': 'public, max-age=300' } })
			},
		}),
	)
	const document = openApiDocument(operations, appUrl)
	const entry = { operations, document }
	built.set(key, entry)
	return entry
}

export const operationsFor = (registered: RegisteredPlatforms) => build(registered).operations

/** The OpenAPI document (also what the reference page shows); `appUrl` names its server. */
export const apiDocument = (registered: RegisteredPlatforms, appUrl?: string) => build(registered, appUrl).document

/** The app's public URL (APP_URL), or the request's own origin where the server set no request info (tests). */
function appUrlOf(context: Readonly<RouterContextProvider>, request: Request) {
	try {
		return context.get(requestInfoContext).appUrl
	} catch {
		return new URL(request.url).origin
	}
}
