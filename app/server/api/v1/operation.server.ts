import type { RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import type { ApiPrincipal, ApiScope } from '#modules/accounts/index.ts'
import type { Services } from '#modules/services.ts'

// One REST operation: what the route runs and what the OpenAPI document (and the reference page)
// says about it, in one place, so the two cannot drift apart.

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

export type OperationCall = {
	context: Readonly<RouterContextProvider>
	request: Request
	services: Services
	/** The token's user; every query is scoped to it. */
	principal: ApiPrincipal
	params: Record<string, string>
	query: Record<string, unknown>
}

export type OperationResponse = { description: string; schema?: z.ZodType; contentType?: string }

export type Operation = {
	method: ApiMethod
	/** Below /api/v1, in OpenAPI form: '/posts/{id}'. */
	path: string
	operationId: string
	tag: string
	/** German, one line. */
	summary: string
	/** German, what it does beyond the summary (required: the OpenAPI document names it for every operation, ADR 0073). */
	description: string
	/** The token's permission it needs; null: public (the OpenAPI document). */
	scope: ApiScope | null
	/** A creating call: the Idempotency-Key header makes a retry answer the first result. */
	idempotent?: boolean
	pathParams?: z.ZodObject
	query?: z.ZodObject
	/** Per content type (application/json, multipart/form-data, image/*). */
	body?: Record<string, z.ZodType>
	responses: Record<number, OperationResponse>
	/** The problem statuses it may answer besides 401/403/429/500. */
	problems: Array<number>
	handle: (call: OperationCall) => Promise<Response>
}

export const defineOperation = (operation: Operation) => operation
