// Issue 40 item 4 (ADR 0073): the OpenAPI document as /api/v1/openapi.json serves it passes Redocly's
// `recommended` ruleset and Spectral's `spectral:oas` without errors; the only warning left is the one
// the ADR explains. It names the server, a German description for every operation and the answers
// 401 (with a token), 404 (with an id in the path) and 405 as problem+json with the RateLimit fields.
import { expect, test } from 'vitest'
import { apiClient } from '#tests/support/api-v1.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { redoclyFindings, spectralFindings, type LintFinding } from '#tests/support/openapi-lint.ts'
import { testServices } from '#tests/support/services.ts'

/** Warnings the ADR accepts: a licence for a hosted service's API has no meaning. */
const ACCEPTED_WARNINGS = new Set(['redocly info-license'])

type Operation = { description?: string; security?: Array<unknown>; parameters?: Array<{ in: string }>; responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }> }

async function servedDocument() {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const response = await apiClient(services)('GET', '/openapi.json')
	expect(response.status).toBe(200)
	return (await response.json()) as { servers?: Array<{ url: string }>; paths: Record<string, Record<string, Operation>> }
}

const line = (f: LintFinding) => `${f.tool} ${f.severity} ${f.rule} at ${f.where}: ${f.message}`

test('Redocly recommended and Spectral spectral:oas: no errors, no warnings but the accepted ones', { timeout: 120_000 }, async () => {
	const document = await servedDocument()
	const findings = [...(await redoclyFindings(document)), ...(await spectralFindings(document))]
	expect(findings.filter((f) => f.severity === 'error').map(line)).toEqual([])
	expect(findings.filter((f) => f.severity === 'warning' && !ACCEPTED_WARNINGS.has(`${f.tool} ${f.rule}`)).map(line)).toEqual([])
})

test('the server, a German description for every operation, 401/404/405 as problem+json with the RateLimit fields', async () => {
	const document = await servedDocument()
	expect(document.servers).toEqual([{ url: 'http://127.0.0.1:3999', description: 'Postwerk' }])
	const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })))
	expect(operations.length).toBeGreaterThan(20)
	for (const { path, method, operation } of operations) {
		const name = `${method.toUpperCase()} ${path}`
		expect(operation.description?.trim().length, name).toBeGreaterThanOrEqual(20)
		const statuses = [405, ...(operation.security?.length ? [401] : []), ...(path.includes('{') ? [404] : [])]
		for (const status of statuses) {
			const response = operation.responses[String(status)]
			expect(response?.content, `${name} ${status}`).toHaveProperty(['application/problem+json'])
		}
		for (const [status, response] of Object.entries(operation.responses)) expect(Object.keys(response.headers ?? {}), `${name} ${status}`).toEqual(expect.arrayContaining(['RateLimit', 'RateLimit-Policy']))
	}
})
