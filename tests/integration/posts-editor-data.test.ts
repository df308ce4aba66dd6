// ADR 0034, addendum 'editor data on demand': Meine Posts reads the editor's pages and regeneration cost
// only for the editor opened on load (?edit=); otherwise the dialog asks /posts/editor-data when it opens.
// Both only ever hold the signed-in user's pages. The delivery states run as one prepared statement.
import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createSecretBox } from '#modules/core/crypto.server.ts'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { createHarness, type Harness } from '#tests/security/support/harness.ts'
import { connectAccounts } from '#tests/support/connected-accounts.ts'

vi.mock('lucide-react', async () => (await import('#tests/security/support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('#tests/security/support/harness.ts')).uiStub())

// The statements of each call, counted with Kysely's query log on the test database's pool.
const statements: Array<string> = []
let t: TestDatabase
let h: Harness
beforeAll(async () => {
	t = await createTestDatabase()
	const counted = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.pool }), log: (event) => void (event.level === 'query' && statements.push(event.query.sql)) })
	h = await createHarness(counted)
})
afterAll(async () => {
	await h?.[Symbol.asyncDispose]()
	await t?.[Symbol.asyncDispose]()
})

type EditorData = { pages: Array<{ id: string; platform: string; pageName: string; isDefault: boolean; problem: string | null }>; regenerationCost: number }

/** A user with one connected LinkedIn page named after `marker`, a draft and a planned post. */
async function userWithPage(marker: string) {
	const user = await h.user()
	const box = createSecretBox(h.env.APP_SECRET)
	const token = await h.db
		.insertInto('social_tokens')
		.values({ user_id: user.id, platform: 'linkedin', account_id: `acct-${marker}`, account_name: `Konto ${marker}`, access_token_encrypted: box.seal('access'), sandbox: true, status: 'active' })
		.returning('id')
		.executeTakeFirstOrThrow()
	const page = await h.db
		.insertInto('channels')
		.values({ user_id: user.id, social_token_id: token.id, platform: 'linkedin', page_id: `urn:li:person:${marker}`, page_name: `Seite ${marker}`, is_default: true })
		.returning('id')
		.executeTakeFirstOrThrow()
	const draft = await h.services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: `${marker} Entwurf`, platforms: {} } })
	return { ...user, page: page.id, draft: draft.id }
}

/**
 * The statements of a call, and how often it read the editor's data: the user's channels (the picker's)
 * and the regeneration cost. The cards' channel names (publishing's postChannels and draftChannels) are
 * the board's, not the editor's.
 */
async function counting<R>(call: () => Promise<R>) {
	const channels = vi.spyOn(h.services.publishing, 'listChannels')
	const cost = vi.spyOn(h.services.generation, 'regenerationCost')
	statements.length = 0
	try {
		const result = await call()
		return { result, statements: [...statements], editorReads: { channels: channels.mock.calls.length, cost: cost.mock.calls.length } }
	} finally {
		channels.mockRestore()
		cost.mockRestore()
	}
}

test("/posts/editor-data answers the signed-in user's connected pages and the regeneration cost as private, uncached JSON", async () => {
	const alice = await userWithPage(`alice-${randomUUID()}`)
	const bob = await userWithPage(`bob-${randomUUID()}`)
	const answer = await h.call('/posts/editor-data', { cookie: alice.cookie })
	expect(answer.status).toBe(200)
	expect(answer.headers.get('Cache-Control')).toBe('private, no-store')
	expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/)
	const data = answer.data as EditorData
	expect(Object.keys(data).sort()).toEqual(['pages', 'regenerationCost'])
	expect(data.pages).toEqual([{ id: alice.page, platform: 'linkedin', pageName: expect.stringContaining('Seite alice-'), pageType: expect.any(String), brandId: expect.any(String), isDefault: true, followerCount: expect.any(Number), pictureUrl: null, accountId: expect.any(String), accountName: expect.any(String), problem: null }])
	expect(data.regenerationCost).toBe(await h.services.generation.regenerationCost())
	expect(data.regenerationCost).toBeGreaterThan(0)
	// Bob's answer holds his page only.
	const bobs = (await h.call('/posts/editor-data', { cookie: bob.cookie })).data as EditorData
	expect(bobs.pages.map((p) => p.id)).toEqual([bob.page])
	expect(answer.text).not.toContain(bob.page)
	expect(answer.text).not.toContain('Seite bob-')
})

test('/posts/editor-data: signed out it is the sign-in redirect; any parameter is a German 400, never a 5xx', async () => {
	const signedOut = await h.call('/posts/editor-data')
	expect(signedOut.status).toBe(302)
	expect(signedOut.location).toBe('/auth?redirectTo=%2Fposts%2Feditor-data')
	const alice = await h.user()
	expect(((await h.call('/posts/editor-data', { cookie: alice.cookie })).data as EditorData).pages).toEqual([])
	for (const search of ['userId=x', `edit=${randomUUID()}`, 'q=', 'pages=1&pages=2']) {
		const answer = await h.call('/posts/editor-data', { cookie: alice.cookie, search })
		expect(answer.status, search).toBe(400)
		expect(answer.text, search).toContain('Ungültige Eingabe.')
	}
	// A NUL byte is refused before the route, with its own German message.
	expect((await h.call('/posts/editor-data', { cookie: alice.cookie, search: 'q=%00' })).status).toBe(400)
})

test("the page's document reads the editor's data only with a valid ?edit=; then it equals what /posts/editor-data answers", async () => {
	const alice = await userWithPage(`alice-${randomUUID()}`)
	const plain = await counting(() => h.call('/posts', { cookie: alice.cookie }))
	expect((plain.result.data as { editor: unknown }).editor).toBeNull()
	expect(plain.editorReads).toEqual({ channels: 0, cost: 0 })
	// A bad ?edit (pageParams makes it null) reads them neither.
	const bad = await counting(() => h.call('/posts', { cookie: alice.cookie, search: { edit: 'kein-uuid' } }))
	expect((bad.result.data as { editor: unknown }).editor).toBeNull()
	expect(bad.editorReads).toEqual({ channels: 0, cost: 0 })
	expect(bad.statements).toHaveLength(plain.statements.length)

	const withEdit = await counting(() => h.call('/posts', { cookie: alice.cookie, search: { edit: alice.draft } }))
	const editor = (withEdit.result.data as { editor: EditorData }).editor
	expect(editor).toEqual((await h.call('/posts/editor-data', { cookie: alice.cookie })).data)
	expect(withEdit.editorReads).toEqual({ channels: 1, cost: 1 })
	// The figures of ADR 0034's addendum.
	if (process.env.COUNT_STATEMENTS) console.log(`statements per /posts document: ${plain.statements.length} without ?edit, ${withEdit.statements.length} with ?edit`)
})

test('the delivery states of any number of posts run under one statement text (prepared), with the same states as a plain query', async () => {
	const user = await h.user()
	await connectAccounts(h.db, user.id, ['linkedin'])
	const posts: Array<string> = []
	for (let i = 1; i <= 12; i++) {
		const post = await h.services.content.createScheduledPost(user.id, randomUUID(), { platform: 'linkedin', content: { base: `Geplant ${i}`, platforms: {} } }, { date: inDays(i + 1), time: '09:00', timeZone: 'Europe/Zurich' })
		if (!post.ok) throw new Error(post.error)
		posts.push(post.post.id)
	}
	// One failed delivery (with its stored reason) and one published (with its link and its first comment's).
	await h.db.updateTable('post_deliveries').set({ status: 'failed', error_code: 'token_expired', error_message: 'Die Verbindung ist abgelaufen.' }).where('post_id', '=', posts[0]!).execute()
	await h.db.updateTable('post_deliveries').set({ status: 'published', published_at: new Date(), external_url: 'https://www.linkedin.com/feed/update/1', comment_status: 'published', comment_external_id: 'urn:li:comment:1', comment_url: 'https://www.linkedin.com/feed/update/1?commentUrn=1' }).where('post_id', '=', posts[1]!).execute()
	const texts = new Set<string>()
	for (const ids of [posts.slice(0, 1), posts.slice(0, 5), posts]) {
		const { result, statements: run } = await counting(() => h.services.publishing.deliveryStates(user.id, ids))
		expect(run).toHaveLength(1)
		texts.add(run[0]!)
		expect(Object.keys(result).sort()).toEqual([...ids].sort())
		// The same rows the plain `post_id in (...)` statement finds.
		const plain = await h.db
			.selectFrom('post_deliveries')
			.select(['post_id', 'platform', 'status'])
			.where('user_id', '=', user.id)
			.where('post_id', 'in', ids)
			.where('status', 'in', ['scheduled', 'publishing', 'published', 'failed', 'unconfirmed'])
			.execute()
		expect(Object.values(result).flat()).toHaveLength(plain.length)
		for (const row of plain) expect(result[row.post_id]).toContainEqual(expect.objectContaining({ platform: row.platform, status: row.status }))
	}
	expect(texts.size).toBe(1)
	const states = await h.services.publishing.deliveryStates(user.id, posts.slice(0, 3))
	expect(states[posts[0]!]).toEqual([{ platform: 'linkedin', channelId: expect.any(String), channelName: expect.any(String), status: 'failed', url: null, reason: 'Die Verbindung ist abgelaufen.', action: 'reconnect', firstComment: null }])
	expect(states[posts[1]!]).toEqual([{ platform: 'linkedin', channelId: expect.any(String), channelName: expect.any(String), status: 'published', url: 'https://www.linkedin.com/feed/update/1', reason: null, action: null, firstComment: { status: 'published', url: 'https://www.linkedin.com/feed/update/1?commentUrn=1', reason: null } }])
	expect(states[posts[2]!]).toEqual([{ platform: 'linkedin', channelId: expect.any(String), channelName: expect.any(String), status: 'scheduled', url: null, reason: null, action: null, firstComment: null }])
	// Another user's post ids answer nothing.
	expect(await h.services.publishing.deliveryStates((await h.user()).id, posts)).toEqual({})
})

function inDays(days: number) {
	return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(new Date(Date.now() + days * 86_400_000))
}
