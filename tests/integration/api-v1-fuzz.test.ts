// A property-based fuzz (fast-check) of the REST API with a valid token: no JSON body, query string
// or multipart form a client can send makes a server error; every refusal is a problem document
// in German (no raw i18n key).
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Services } from '#modules/services.ts'
import { apiClient } from '#tests/support/api-v1.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { rawKeys } from '#tests/support/raw-keys.ts'
import { testServices } from '#tests/support/services.ts'
import { userWithCredits } from '#tests/support/users.ts'

const RUNS = 60
const SEED = 2111

let t: TestDatabase
let services: Services
let call: ReturnType<typeof apiClient>
let userId: string
let ids: { post: string; draft: string }

beforeAll(async () => {
	t = await createTestDatabase()
	services = testServices(t.db).services
	call = apiClient(services)
	// No credits: a valid generation is refused (402) before anything runs in the background.
	userId = await userWithCredits(t.db, 0)
	const post = await services.content.createPost(userId, { platform: services.publishing.platforms.ids[0]!, content: { base: 'Fuzz', platforms: {} }, status: 'review', timeZone: 'Europe/Zurich' })
	const draft = await services.content.createDraft(userId, { platforms: [services.publishing.platforms.ids[0]!], content: { base: 'Fuzz', platforms: {} } })
	ids = { post: post.id, draft: draft.id }
})

afterAll(async () => {
	await t?.[Symbol.asyncDispose]()
})

// A fresh token every 100 calls: the fuzz is not about the rate limit (120 per minute and token).
let calls = 0
let token = ''
async function currentToken() {
	if (calls++ % 100 === 0) {
		const created = await services.accounts.apiTokens.create(userId, { name: 'Fuzz', scopes: ['read', 'posts', 'generate'], expiresAt: null })
		if (!created.ok) throw new Error('token')
		await t.db.updateTable('api_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('id', '<>', created.token.id).execute()
		token = created.secret
	}
	return token
}

const hostileString = fc.oneof(
	fc.constantFrom('', ' ', '\u0000', 'a\\u0000b', 'ä'.repeat(70_000), '2026-13-45T99:99:99Z', '2026-12-01T09:00:00+01:00', '../../etc/passwd', '/media/images/x.jpg', '{"a":1}', 'linkedin', 'now', 'at', 'next_slot', '-1', '1e309', 'null', '__proto__'),
	fc.string({ maxLength: 40 }),
)
const leaf = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null))
const value = fc.letrec((tie) => ({
	any: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('any'), { maxLength: 4 }), fc.dictionary(fc.constantFrom('type', 'at', 'text', 'texts', 'networks', 'linkedin', 'schedule', '__proto__', 'constructor'), tie('any'), { maxKeys: 4 })),
})).any
const field = (name: string) => fc.option(fc.tuple(fc.constant(name), value), { nil: undefined })
const body = fc
	.tuple(...['networks', 'text', 'texts', 'imageUrl', 'schedule', 'images', 'kind', 'prompt', 'url', 'notes', 'pasted', 'agentId', '__proto__'].map(field))
	.map((entries) => Object.fromEntries(entries.flatMap((e) => (e === undefined ? [] : [e]))))

function allowed(response: Response) {
	return response.status < 500
}

async function expectProblem(response: Response, what: string) {
	const text = await response.clone().text()
	expect(allowed(response), `${what}: ${response.status} ${text.slice(0, 300)}`).toBe(true)
	if (response.status < 400) return
	expect(response.headers.get('Content-Type'), what).toContain('application/problem+json')
	// German texts only: no raw i18n key (e.g. a shared schema's 'errors.invalid').
	expect(rawKeys(text), `${what}: ${text.slice(0, 300)}`).toEqual([])
}

test.each([
	['POST', '/posts'],
	['POST', '/posts/validate'],
	['PATCH', '/posts/{post}'],
	['POST', '/drafts'],
	['PATCH', '/drafts/{draft}'],
	['POST', '/generations'],
] as const)('%s %s: no JSON body makes a server error', async (method, template) => {
	await fc.assert(
		fc.asyncProperty(fc.oneof({ weight: 4, arbitrary: body }, { weight: 1, arbitrary: value }), fc.option(hostileString, { nil: undefined }), async (json, key) => {
			const path = template.replace('{post}', ids.post).replace('{draft}', ids.draft)
			const idempotencyKey = key && /^[\x21-\x7e]{1,255}$/.test(key) ? key : undefined
			const response = await call(method, path, { token: await currentToken(), json, idempotencyKey })
			await expectProblem(response, `${method} ${path} ${JSON.stringify(json).slice(0, 200)}`)
		}),
		{ numRuns: RUNS, seed: SEED, endOnFailure: true },
	)
})

test.each(['/posts', '/drafts', '/credits/ledger', '/ideas', '/accounts', '/agents', '/times', '/credits', '/posts/{post}', '/generations/{post}'])('GET %s: no query string makes a server error', async (template) => {
	const params = fc.dictionary(fc.constantFrom('limit', 'cursor', 'status', 'network', 'origin', 'from', 'to', 'count', 'x'), hostileString, { maxKeys: 5 })
	await fc.assert(
		fc.asyncProperty(params, async (query) => {
			const path = `${template.replace('{post}', ids.post)}?${new URLSearchParams(query as Record<string, string>).toString()}`
			await expectProblem(await call('GET', path, { token: await currentToken() }), `GET ${path.slice(0, 200)}`)
		}),
		{ numRuns: RUNS, seed: SEED + 1, endOnFailure: true },
	)
})

test('multipart to /media and /generations: random fields, files, a depth-5000 name and 5 000 fields answer 4xx problems', async () => {
	const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
	const entries = fc.array(fc.tuple(fc.constantFrom('file', 'kind', 'networks', 'prompt', 'image', 'document', 'audio', 'agentId', 'x'), fc.oneof(hostileString, fc.constant(null))), { maxLength: 6 })
	await fc.assert(
		fc.asyncProperty(entries, fc.constantFrom('/media', '/generations'), async (fields, path) => {
			const form = new FormData()
			for (const [name, value] of fields) {
				if (value === null) form.append(name, new Blob([png], { type: 'image/png' }), 'x.png')
				else form.append(name, value)
			}
			await expectProblem(await call('POST', path, { token: await currentToken(), body: form }), `POST ${path} ${JSON.stringify(fields).slice(0, 200)}`)
		}),
		{ numRuns: RUNS, seed: SEED + 2, endOnFailure: true },
	)
	for (const path of ['/media', '/generations']) {
		const deep = new FormData()
		deep.append(`a${'[0]'.repeat(5000)}`, 'x')
		const many = new FormData()
		for (let i = 0; i < 5000; i++) many.append('f', '')
		for (const form of [deep, many]) {
			const response = await call('POST', path, { token: await currentToken(), body: form })
			expect(response.status, path).toBe(400)
		}
	}
	// Nothing of all this was charged or stored.
	expect(await t.db.selectFrom('generations').select('id').where('user_id', '=', userId).execute()).toEqual([])
})
