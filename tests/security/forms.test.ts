// SECURITY.md §1.4 (ASVS 2.2.1 input validated at a trusted layer, 15.3.6/15.3.7 structure of the
// input) and issue 17 item 3: a form of a shape no page of the app sends is refused when it is read
// (app/server/body-limit.server.ts readFormDataWithin, which parseForm uses), before conform or zod
// parse it. A field name thousands of levels deep (`a[0][0]…`) overflowed the stack in conform on
// the actions that echo the submission (a 500, signed out too) after ~65 ms of the event loop;
// thousands of fields took it 100-500 ms per request.
//
// Swept over every action of the route table (like fuzz.test.ts): a depth-5000 name (multipart and
// urlencoded), 5 000 fields multipart and 10 000 urlencoded answer 400 with the German text (the
// JSON resource routes in their own shape), each in under 25 ms of the main thread's CPU time (the
// best of three tries, process.threadCpuUsage: time the thread waited for a core on a busy machine
// does not count, as it did with performance.eventLoopUtilization). The limits are 8 levels and 1 000
// fields (FORM_LIMITS); the forms the app really sends (its deepest names, its largest form, a
// urlencoded sign-in) still pass.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { FORM_LIMITS, fieldDepth, readFormDataWithin } from '#app/server/body-limit.server.ts'
import api from '#locales/de/api.json' with { type: 'json' }
import { agentLimits, presetFormEntries, type AgentPresetValues } from '#modules/agents/schema.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { createHarness, flatRoutes, routeSource, type CallResult, type FlatRoute, type Harness, type TestUser } from './support/harness.ts'
import { agentPreset } from './support/agent-preset.ts'
import { googleClient } from './support/google.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

const MESSAGE = api.pages.formRefused
/** Main-thread CPU time a refused request may take (the best of three tries, so a GC pause does not count). */
const BUDGET_MS = 25

const repo = path.join(import.meta.dirname, '../..')
const withAction: Array<FlatRoute> = []
for (const route of flatRoutes()) {
	const source = await fs.readFile(path.join(repo, 'app', route.file), 'utf8')
	if (/export\s+(async\s+)?function\s+action\b/.test(source)) withAction.push(route)
}

/** Actions that never read a form: what their body holds cannot reach conform. */
const NO_FORM: Record<string, string> = {
	'/auth/logout': 'signs out whatever the body holds',
	'/webhooks/stripe': 'reads raw bytes for the signature check, never as a form',
	'/mcp': 'reads JSON-RPC as JSON after a bearer token (tests/integration/mcp.test.ts), never as a form',
	'/*': 'answers 404 without reading the body',
	'/api/media': 'reads the raw body as the uploaded file (judged by its content), never as a form',
	'/api/media-alt-text': 'reads { requestId, mediaId } as JSON (400 for anything else), never as a form',
	'/api/media/*': 'reads { requestId, atMs } as JSON for <key>/cover (400 for anything else), never as a form',
	// The REST API checks the bearer token before it reads any body (401 here); with a token its
	// multipart bodies are read by readFormDataWithin too (tests/integration/api-v1-fuzz.test.ts).
	...Object.fromEntries(
		['/api/v1/accounts', '/api/v1/channels', '/api/v1/agents', '/api/v1/times', '/api/v1/posts', '/api/v1/posts/validate', '/api/v1/posts/:id', '/api/v1/posts/:id/publish', '/api/v1/drafts', '/api/v1/drafts/:id', '/api/v1/media', '/api/v1/generations', '/api/v1/generations/:id', '/api/v1/credits', '/api/v1/credits/ledger', '/api/v1/ideas', '/api/v1/webhooks', '/api/v1/webhooks/:id', '/api/v1/webhooks/:id/deliveries', '/api/v1/webhooks/:id/test', '/api/v1/webhooks/:id/replay', '/api/v1/openapi.json'].map((path) => [path, 'bearer token first, never a page form']),
	),
	'/api/v1/*': 'answers a 404 problem without reading the body',
}

/** The resource routes that answer JSON (or NDJSON) refuse in their own shape. */
const JSON_ANSWERS: Record<string, unknown> = {
	'/api/generations': { type: 'done', outcome: { ok: false, code: 'failed' } },
	'/api/generations/image': { ok: false, code: 'failed' },
	'/api/hashtags': { ok: false, error: 'invalid', hashtags: [] },
	'/api/documents/check': { ok: false, code: 'failed' },
	'/onboarding/hand-over': { ok: false, error: 'invalid_draft' },
	'/posts/csv-import': { ok: false, message: 'Die Angaben sind ungültig. Bitte laden Sie die Datei erneut hoch.' },
	// The document dialog's fetcher shows the message like the route's other refusals.
	'/posts/:id/dokument': { ok: false, message: MESSAGE },
}

let t: TestDatabase
let h: Harness
let user: TestUser
let admin: TestUser

beforeAll(async () => {
	t = await createTestDatabase()
	// Google configured, so POST /auth/google reads its form (not configured, it redirects before).
	h = await createHarness(t.db, { env: { GOOGLE_CLIENT_ID: googleClient.id, GOOGLE_CLIENT_SECRET: googleClient.secret } })
	user = await h.user()
	admin = await h.user({ admin: true })
})

afterAll(async () => {
	await h?.[Symbol.asyncDispose]()
	await t?.[Symbol.asyncDispose]()
})

async function cookieFor(route: FlatRoute) {
	if (route.layouts.includes('routes/admin/layout.tsx')) return admin.cookie
	if (route.layouts.includes('routes/app/layout.tsx')) return user.cookie
	return /requireUser\(|requireAdmin\(/.test(await routeSource(route.file)) ? user.cookie : undefined
}

// Short, so many parts fit the byte limits (undici cannot parse a part whose value equals the boundary: not 'x').
const BOUNDARY = 'zq'
const deepName = `a${'[0]'.repeat(5000)}`

/** Bodies encoded up front (a string the harness sends as is), so the measured time is the app's alone. */
function multipart(fields: Array<[string, string]>) {
	const parts = fields.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
	return { body: `${parts.join('')}--${BOUNDARY}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } }
}
/** Names as they are (a browser would encode the brackets; the parser takes both). */
function urlencoded(fields: Array<[string, string]>) {
	return { body: fields.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&'), headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' } }
}

const repeated = (n: number) => Array.from({ length: n }, (): [string, string] => ['f', ''])
const hostile = {
	'a depth-5000 name (multipart)': multipart([['intent', 'save'], [deepName, 'x']]),
	'a depth-5000 name (urlencoded)': urlencoded([['intent', 'save'], [deepName, 'x']]),
	// As many fields as fit below the byte limit of parseForm (256 KB): a multipart part takes ~50 bytes.
	'5 000 fields (multipart)': multipart(repeated(5_000)),
	'10 000 fields (urlencoded)': urlencoded(repeated(10_000)),
}

/**
 * Routes whose body limit is below some of these bodies: those are refused by their size before
 * they are read (no form, no parsing), so the answer is the route's own for that, not the text above.
 */
const SMALL_BODY_LIMITS: Record<string, number> = { '/auth/google': 16 * 1024, '/onboarding/hand-over': 64 * 1024 }

/** The answer and the main thread's CPU time it took in ms (the best of three tries). */
async function measured(call: () => Promise<CallResult>) {
	let best = Number.POSITIVE_INFINITY
	let result: CallResult | undefined
	for (let i = 0; i < 3; i++) {
		const before = process.threadCpuUsage()
		result = await call()
		const used = process.threadCpuUsage(before)
		best = Math.min(best, (used.user + used.system) / 1000)
	}
	return { result: result!, ms: best }
}

test('the sweep covers every action of the route table; its bodies fit the byte limit of parseForm', () => {
	for (const request of Object.values(hostile)) expect(Buffer.byteLength(request.body)).toBeLessThan(256 * 1024)
	expect(withAction.length).toBeGreaterThan(20)
	for (const name of [...Object.keys(NO_FORM), ...Object.keys(JSON_ANSWERS)]) expect(withAction.map((r) => r.path)).toContain(name)
})

test.each(withAction.filter((r) => !(r.path in NO_FORM)).map((route) => [route.path, route] as const))(
	'action %s: a too deep name and too many fields answer 400 with the German text, in a few ms',
	async (_path, route) => {
		const cookie = await cookieFor(route)
		// The route's module loaded and its session read once before the measuring.
		await h.call(route, { method: 'POST', form: { intent: 'save' }, cookie })
		const failed: Array<string> = []
		for (const [what, request] of Object.entries(hostile)) {
			const { result, ms } = await measured(() => h.call(route, { method: 'POST', ...request, cookie, params: { platform: 'linkedin' } }))
			if (ms >= BUDGET_MS) failed.push(`${what}: ${ms.toFixed(1)} ms of CPU time`)
			if (Buffer.byteLength(request.body) > (SMALL_BODY_LIMITS[route.path] ?? Number.POSITIVE_INFINITY)) {
				if (result.status >= 500) failed.push(`${what} (over the route's byte limit): ${result.status} ${result.text.slice(0, 160)}`)
				continue
			}
			const expected = JSON_ANSWERS[route.path]
			const answer = expected === undefined ? result.text : result.data
			const ok = result.status === 400 && (expected === undefined ? answer === MESSAGE : JSON.stringify(answer) === JSON.stringify(expected))
			if (!ok) failed.push(`${what}: ${result.status} ${result.text.slice(0, 160)}`)
		}
		expect(failed).toEqual([])
	},
	60_000,
)

test.each(Object.keys(NO_FORM))('action %s reads no form: its answer to the same bodies is not an error either, in a few ms', async (routePath) => {
	const route = withAction.find((r) => r.path === routePath)!
	const source = await routeSource(route.file)
	expect(source).not.toMatch(/parseForm\(|readFormDataWithin\(|formData\(/)
	// A user of its own: the sign-out ends its session.
	const visitor = await h.user()
	for (const [what, request] of Object.entries(hostile)) {
		const { result, ms } = await measured(() => h.call(route, { method: 'POST', ...request, cookie: visitor.cookie }))
		expect(result.status, what).toBeLessThan(500)
		expect(ms, what).toBeLessThan(BUDGET_MS)
	}
})

describe('the forms the app sends still pass', () => {
	test('its deepest names are far from the limit, its largest form far below the field count', () => {
		// The nested names of the app's forms: the post editor, the creator, conform's lists, the
		// video model's prices per resolution (getFieldset), the settings' keyword chips.
		for (const name of ['texts.linkedin', 'pageIds.instagram', 'images.facebook', 'text.threads', 'platforms[3]', 'trainingTexts[29]', 'resolution_credits.720p', 'keywords[12]']) {
			expect(fieldDepth(name), name).toBeLessThanOrEqual(2)
		}
		expect(FORM_LIMITS.maxDepth).toBeGreaterThanOrEqual(8)
		expect(fieldDepth(deepName, FORM_LIMITS.maxDepth)).toBeGreaterThan(FORM_LIMITS.maxDepth)
		expect(presetFormEntries(fullPreset()).length).toBeLessThan(FORM_LIMITS.maxFields / 5)
	})

	test('an agent preset with every list full is saved', async () => {
		const agent = await h.services.agents.createPreset(user.id, 'Voll', randomUUID())
		if (!agent.ok) throw new Error('preset')
		const result = await h.call('/agent', { method: 'POST', form: formOf([['intent', 'save'], ['agentId', agent.agent.id], ...presetFormEntries(fullPreset())]), cookie: user.cookie })
		expect(result.status, result.text).toBe(200)
		expect(result.data).toMatchObject({ ok: true })
	})

	test('a draft saved with the editor\'s nested names', async () => {
		const draft = await h.services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: 'Entwurf', platforms: {} }, images: {} })
		const form: Array<[string, string]> = [['intent', 'save-draft'], ['id', draft.id], ['platforms[0]', 'linkedin'], ['platforms[1]', 'threads'], ['texts.linkedin', 'Neu'], ['texts.threads', 'Kurz']]
		const result = await h.call('/posts', { method: 'POST', form: formOf(form), cookie: user.cookie })
		expect(result.status, result.text).toBe(200)
		expect(result.text).not.toContain(MESSAGE)
	})

	test('a sign-in posted urlencoded (a form without JavaScript) is read', async () => {
		const result = await h.call('/auth', { method: 'POST', ...urlencoded([['intent', 'signin'], ['email', user.email], ['password', user.password], ['redirectTo', '/posts']]) })
		expect(result.status).toBe(302)
		expect(result.location).toBe('/posts')
	})
})

describe('readFormDataWithin counts the fields before it parses', () => {
	const read = (body: BodyInit | ReadableStream<Uint8Array>, contentType: string) =>
		readFormDataWithin(new Request('http://127.0.0.1/', { method: 'POST', body, headers: { 'content-type': contentType }, duplex: 'half' } as RequestInit), 4 * 1024 * 1024)
	const refusal = async (promise: Promise<unknown>) => {
		const thrown = await promise.then(
			() => null,
			(error: unknown) => error,
		)
		return thrown instanceof Response ? `${thrown.status} ${await thrown.text()}` : null
	}
	const fields = (n: number) => Array.from({ length: n }, (_, i): [string, string] => [`f${i}`, 'x'])

	test.each([
		['multipart', multipart],
		['urlencoded', urlencoded],
	] as const)('%s: exactly the limit passes, one more is refused', async (_kind, encode) => {
		const atLimit = encode(fields(FORM_LIMITS.maxFields))
		const form = await read(atLimit.body, atLimit.headers['content-type'])
		expect(form instanceof FormData ? [...form.keys()].length : form).toBe(FORM_LIMITS.maxFields)
		const over = encode(fields(FORM_LIMITS.maxFields + 1))
		expect(await refusal(read(over.body, over.headers['content-type']))).toBe(`400 ${MESSAGE}`)
	})

	test('a multipart delimiter split across chunks is still counted', async () => {
		const { body, headers } = multipart(fields(FORM_LIMITS.maxFields + 1))
		const bytes = new TextEncoder().encode(body)
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				for (let at = 0; at < bytes.length; at += 7) controller.enqueue(bytes.subarray(at, at + 7))
				controller.close()
			},
		})
		expect(await refusal(read(stream, headers['content-type']))).toBe(`400 ${MESSAGE}`)
	})

	test('a name at the depth limit passes, one level more is refused', async () => {
		const at = `a${'[0]'.repeat(FORM_LIMITS.maxDepth - 1)}`
		expect(fieldDepth(at)).toBe(FORM_LIMITS.maxDepth)
		const ok = multipart([[at, 'x']])
		expect(await read(ok.body, ok.headers['content-type'])).toBeInstanceOf(FormData)
		const deeper = multipart([[`${at}.b`, 'x']])
		expect(await refusal(read(deeper.body, deeper.headers['content-type']))).toBe(`400 ${MESSAGE}`)
	})
})

function formOf(entries: Array<[string, string]>) {
	const form = new FormData()
	for (const [name, value] of entries) form.append(name, value)
	return form
}

/** An agent preset with every list full: the largest form of the app. */
function fullPreset(): AgentPresetValues {
	const list = (n: number, item: (i: number) => string) => Array.from({ length: n }, (_, i) => item(i))
	return agentPreset({
		name: 'Voll',
		brandColors: list(agentLimits.brandColorsMax, (i) => `#${String(i).padStart(6, '0')}`),
		trainingTexts: list(agentLimits.trainingTextsMax, (i) => `Ein Text ${i}`),
		postUrls: list(agentLimits.postUrlsMax, (i) => `https://beispiel.ch/post/${i}`),
		specialties: list(agentLimits.specialtiesMax, (i) => `Thema ${i}`),
	})
}
