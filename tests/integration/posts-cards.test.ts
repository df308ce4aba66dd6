// ADR 0034: Meine Posts sends the cards the server draws (4 per column); /posts/cards the rest of the
// first page with their delivery states. Both only ever hold the signed-in user's cards.
import { expect, test, vi } from 'vitest'
import { BOARD_FIRST_CARDS, BOARD_PAGE_SIZE } from '#modules/content/board-limits.ts'
import { pageParams } from '#app/server/posts-board.server.ts'
import { harnessPerFile, type Harness } from '#tests/security/support/harness.ts'
import { connectAccounts } from '#tests/support/connected-accounts.ts'

vi.mock('lucide-react', async () => (await import('#tests/security/support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('#tests/security/support/harness.ts')).uiStub())

let h: Harness
harnessPerFile((made) => ({ h } = made))

const zurich = 'Europe/Zurich'
type Cards = { drafts: Array<{ id: string; title: string }>; posts: Array<{ id: string; status: string }>; counts: Record<string, number>; deliveries: Record<string, unknown>; partial?: boolean }

/** A user with 12 drafts, 12 posts in draft and 12 planned posts (each planned post has a delivery). */
async function userWithBoard(marker: string) {
	const user = await h.user()
	await connectAccounts(h.db, user.id, ['linkedin'])
	const inDays = (days: number) => new Date(Date.now() + days * 86_400_000)
	for (let i = 1; i <= 12; i++) {
		await h.services.content.createDraft(user.id, { platforms: ['linkedin'], content: { base: `${marker} Entwurf ${i}`, platforms: {} } })
		await h.services.content.createPost(user.id, { platform: 'linkedin', content: { base: `${marker} Post ${i}`, platforms: {} }, status: 'draft', timeZone: zurich })
		await h.services.content.createPost(user.id, { platform: 'linkedin', content: { base: `${marker} Geplant ${i}`, platforms: {} }, status: 'scheduled', scheduledAt: inDays(i + 1), timeZone: zurich })
	}
	return user
}

test('the page carries only the cards the server draws; /posts/cards the first page of each column with their deliveries', async () => {
	const alice = await userWithBoard('Alice')
	const page = (await h.call('/posts', { cookie: alice.cookie })).data as Cards
	expect(page.partial).toBe(true)
	expect(page.counts).toEqual({ drafts: 24, scheduled: 12, published: 0 })
	// Entwürfe mixes drafts and posts in draft: only the newest 4 of both together.
	expect(page.drafts.length + page.posts.filter((p) => p.status === 'draft').length).toBe(BOARD_FIRST_CARDS)
	expect(page.posts.filter((p) => p.status === 'scheduled')).toHaveLength(BOARD_FIRST_CARDS)
	// Delivery states only of the drawn posts (a post in draft has none yet).
	expect(Object.keys(page.deliveries).sort()).toEqual(page.posts.filter((p) => p.status === 'scheduled').map((p) => p.id).sort())

	const rest = await h.call('/posts/cards', { cookie: alice.cookie })
	expect(rest.status).toBe(200)
	expect(rest.headers.get('Cache-Control')).toBe('no-store')
	const cards = rest.data as Cards
	expect(cards.drafts.length + cards.posts.filter((p) => p.status === 'draft').length).toBe(BOARD_PAGE_SIZE)
	expect(cards.posts.filter((p) => p.status === 'scheduled')).toHaveLength(BOARD_PAGE_SIZE)
	expect(cards.counts).toEqual(page.counts)
	// Every card the page drew is among them (the page swaps its lists for these).
	for (const post of page.posts) expect(cards.posts.map((p) => p.id)).toContain(post.id)
	for (const draft of page.drafts) expect(cards.drafts.map((d) => d.id)).toContain(draft.id)
	const scheduled = cards.posts.filter((p) => p.status === 'scheduled')
	for (const post of scheduled) expect(cards.deliveries[post.id]).toMatchObject([{ platform: 'linkedin', status: 'scheduled' }])

	// ?show (the link 'Weitere anzeigen' followed) gets the whole first page in the document, as before.
	const shown = (await h.call('/posts', { cookie: alice.cookie, search: { show: '10' } })).data as Cards
	expect(shown.partial).toBe(false)
	expect(shown.drafts.length + shown.posts.filter((p) => p.status === 'draft').length).toBe(BOARD_PAGE_SIZE)
})

test("/posts/cards never answers another user's cards, not even for their id in ?edit or a search for their text", async () => {
	const alice = await userWithBoard('Alice')
	const bob = await userWithBoard('Bob')
	const bobsPost = (await h.services.content.board(bob.id)).posts[0]!
	for (const search of [{}, { edit: bobsPost.id }, { q: 'Bob' }, { q: 'Bob', edit: bobsPost.id, show: '1000' }] as Array<Record<string, string>>) {
		const answer = await h.call('/posts/cards', { cookie: alice.cookie, search })
		expect(answer.status).toBe(200)
		expect(answer.text).not.toMatch(/Bob (Entwurf|Post|Geplant)/)
		expect(answer.text).not.toContain(bobsPost.id)
	}
	const found = (await h.call('/posts/cards', { cookie: alice.cookie, search: { q: 'Geplant 1' } })).data as Cards
	expect(found.counts).toEqual({ drafts: 0, scheduled: 4, published: 0 })
	// The owner's ?edit= card comes along even when it is not among the first page.
	const far = (await h.services.content.board(alice.id, { limit: 12 })).posts.find((p) => p.status === 'scheduled' && p.title.includes('Geplant 12'))!
	const withEdit = (await h.call('/posts/cards', { cookie: alice.cookie, search: { edit: far.id } })).data as Cards
	expect(withEdit.posts.map((p) => p.id)).toContain(far.id)
})

test('bad parameters of /posts/cards answer a German 400, never a 5xx; signed out it is the sign-in redirect', async () => {
	const alice = await h.user()
	for (const search of ['show=abc', 'show=5', 'show=1001', 'show=10.5', 'edit=nicht-eine-id', `q=${'x'.repeat(201)}`, 'show=']) {
		const answer = await h.call('/posts/cards', { cookie: alice.cookie, search })
		expect(answer.status, search).toBe(400)
		expect(answer.text, search).toContain('Ungültige Eingabe.')
	}
	// A NUL byte is refused before the route, with its own German message.
	expect((await h.call('/posts/cards', { cookie: alice.cookie, search: 'edit=%00' })).status).toBe(400)
	for (const search of ['q=100%25', 'q=%25_', 'q=%01%1F', 'q=%00']) expect((await h.call('/posts/cards', { cookie: alice.cookie, search })).status, search).toBeLessThan(500)
	const signedOut = await h.call('/posts/cards')
	expect(signedOut.status).toBe(302)
	expect(signedOut.location).toBe('/auth?redirectTo=%2Fposts%2Fcards')
})

test("only a document without ?show holds just the server's first cards; a data request ('/posts.data') asks for the whole first page (one board read per client load)", () => {
	expect(pageParams(new URL('https://postwerk.test/posts')).first).toBe(true)
	expect(pageParams(new URL('https://postwerk.test/posts?q=Herbst&edit=kein-uuid')).first).toBe(true)
	expect(pageParams(new URL('https://postwerk.test/posts?show=10')).first).toBe(false)
	expect(pageParams(new URL('https://postwerk.test/posts.data?_routes=routes%2Fapp%2Fposts')).first).toBe(false)
	expect(pageParams(new URL('https://postwerk.test/posts.data?q=Herbst&_routes=routes%2Fapp%2Fposts')).first).toBe(false)
})

test('the board without a search (its statements prepared once per connection) answers what the plain statements of a search matching every card answer', async () => {
	const alice = await userWithBoard('Alice')
	const ids = (board: Awaited<ReturnType<typeof h.services.content.board>>) => ({ drafts: board.drafts.map((d) => d.id).sort(), posts: board.posts.map((p) => p.id).sort(), counts: board.counts })
	for (const limit of [BOARD_FIRST_CARDS, BOARD_PAGE_SIZE, BOARD_PAGE_SIZE, BOARD_FIRST_CARDS]) {
		const prepared = await h.services.content.board(alice.id, { limit })
		expect(ids(prepared)).toEqual(ids(await h.services.content.board(alice.id, { query: 'Alice', limit })))
		expect(prepared.drafts[0]?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
	}
})
