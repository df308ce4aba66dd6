// Issue 17 item 8 (SECURITY.md §3.4, §5 "un-acknowledged requests are covered by idempotent
// retries"): every creating action takes a request id made in the browser, so a request whose
// answer was lost (a killed process, a dropped connection) or a double submit creates once.
//
// For every creating action of the route table: the same request sent twice one after the other,
// and (with another id) twice at once, makes one row each time, and both answers are the same
// result (the same draft, post, agent, contact, code, model, prompt, tool or grant). Also: a form
// without a request id is refused with a German 400, the same id with other input with a 409, and
// two ids make two rows. The key table itself: modules/core/request-keys.server.ts.
// Generations and model tests have their own ids (rate-limits.test.ts, modules/generation/model-tests.test.ts); the
// onboarding hand-over uses its draftId (idor.test.ts).
import { randomUUID } from 'node:crypto'
import { describe, expect, test, vi } from 'vitest'
import { ADMIN_GRANT_TYPE } from '#modules/admin/index.ts'
import commonTexts from '#locales/de/common.json'
import { harnessPerFile, type CallResult, type FormValue, type Harness, type TestUser } from './support/harness.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

let h: Harness
harnessPerFile((made) => ({ h } = made))

const nextWeek = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(new Date(Date.now() + 8 * 86_400_000))
const unique = () => randomUUID().replace(/-/g, '').slice(0, 10)

type Form = Record<string, FormValue>
type Case = {
	name: string
	route: string
	admin?: boolean
	/** The form of one create (a fresh draft or name per call where the action needs one). */
	form: (user: TestUser) => Promise<Form>
	/** The rows the create makes (counted before and after). */
	count: (user: TestUser, form: Form) => Promise<number>
	/** How many rows one create makes. */
	rows?: number
	/** What identifies the result in the answer (a draft's, post's or agent's id...). */
	result: (answer: CallResult) => unknown
}

const count = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0)

const draftOf = async (user: TestUser) => (await h.services.content.createDraft(user.id, { platforms: ['linkedin', 'threads'], content: { base: 'Entwurf', platforms: { threads: 'Kurz' } } })).id
const posts = (user: TestUser) => count(h.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirst())
const drafts = (user: TestUser) => count(h.db.selectFrom('drafts').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirst())
// Instagram needs an image (the networks' rules are checked before planning): one of the app's image paths.
const creatorContent = { platforms: ['linkedin', 'instagram'], 'text.linkedin': 'Ein Beitrag über Brot', 'text.instagram': 'Brot!', 'image.instagram': `/media/images/${randomUUID()}.jpg`, prompt: 'Brot' }
const data = (answer: CallResult) => answer.data as Record<string, unknown>

/** Planning needs a connected account, publishing now a working connection (the planning preflight): active accounts for the user, stored as a connect would. */
async function connected(user: TestUser, platforms = ['linkedin', 'instagram', 'threads']) {
	for (const platform of platforms) {
		const token = await h.db
			.insertInto('social_tokens')
			.values({ user_id: user.id, platform, account_id: `${platform}-${user.id}`, access_token_encrypted: 'not-used-here' })
			.onConflict((oc) => oc.doNothing())
			.returning('id')
			.executeTakeFirst()
		if (!token) continue
		await h.db.insertInto('channels').values({ user_id: user.id, platform, page_id: `${platform}-page`, social_token_id: token.id, is_default: true }).execute()
	}
}

const cases: Array<Case> = [
	{
		name: "creator 'Entwurf speichern' (one draft per platform)",
		route: '/create',
		form: async () => ({ intent: 'save-draft', ...creatorContent }),
		count: drafts,
		rows: 2,
		result: (answer) => data(answer).ids,
	},
	{
		name: "creator 'Planen' of new content",
		route: '/create',
		form: async (user) => {
			await connected(user)
			return { intent: 'schedule', ...creatorContent, date: nextWeek(), time: '10:00' }
		},
		count: posts,
		result: (answer) => data(answer).ids,
	},
	{
		name: "creator 'Jetzt posten' of new content",
		route: '/create',
		form: async (user) => {
			await connected(user)
			return { intent: 'publish', ...creatorContent }
		},
		count: posts,
		result: (answer) => data(answer).postId,
	},
	{
		name: "creator 'Planen' of an opened draft",
		route: '/create',
		form: async (user) => {
			await connected(user)
			return { intent: 'schedule', ...creatorContent, editKind: 'draft', editId: await draftOf(user), date: nextWeek(), time: '11:00' }
		},
		count: posts,
		result: (answer) => data(answer).ids,
	},
	{
		name: "creator 'Jetzt posten' of an opened draft",
		route: '/create-post',
		form: async (user) => {
			await connected(user)
			return { intent: 'publish', ...creatorContent, editKind: 'draft', editId: await draftOf(user) }
		},
		count: posts,
		result: (answer) => data(answer).postId,
	},
	{
		name: "Meine Posts 'Post planen' of a draft (schedule dialog)",
		route: '/posts',
		form: async (user) => {
			await connected(user)
			return { intent: 'schedule', kind: 'draft', id: await draftOf(user), date: nextWeek(), time: '12:00' }
		},
		count: posts,
		result: (answer) => data(answer).ids,
	},
	{
		name: "Meine Posts 'Jetzt posten' of a draft",
		route: '/posts',
		form: async (user) => {
			await connected(user)
			return { intent: 'publish-now', kind: 'draft', id: await draftOf(user) }
		},
		count: posts,
		result: (answer) => data(answer).postId,
	},
	{
		name: "'Neuer Agent'",
		route: '/agent',
		form: async () => ({ intent: 'create' }),
		count: (user) => count(h.db.selectFrom('agent_configurations').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirst()),
		result: (answer) => data(answer).agentId,
	},
	{
		name: "news 'Quelle hinzufügen'",
		route: '/news',
		form: async () => ({ intent: 'add-feed', url: `https://feeds.beispiel.ch/${unique()}.xml` }),
		count: async (user, form) => {
			const row = await h.db.selectFrom('content_settings').select('news_feeds').where('user_id', '=', user.id).executeTakeFirst()
			return (row?.news_feeds ?? []).filter((url) => url === form.url).length
		},
		result: (answer) => data(answer).ok,
	},
	{
		name: 'toolbox birthday contact',
		route: '/toolbox',
		form: async () => ({ intent: 'addContact', name: `Max ${unique()}`, birthDay: '17', birthMonth: '5', birthYear: '1990', platform: 'linkedin', note: 'Kunde' }),
		count: (user, form) => count(h.db.selectFrom('birthday_contacts').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).where('name', '=', String(form.name)).executeTakeFirst()),
		result: (answer) => data(answer).ok,
	},
	{
		name: 'admin discount code',
		route: '/admin/discount-codes',
		admin: true,
		form: async () => ({ intent: 'save', code: `IDEM${unique().toUpperCase()}`, discountType: 'percentage', discountValue: '10', minPurchaseAmount: '0', isActive: 'on' }),
		count: (_user, form) => count(h.db.selectFrom('discount_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('code', '=', String(form.code)).executeTakeFirst()),
		result: (answer) => data(answer).saved,
	},
	{
		name: 'admin AI model',
		route: '/admin/models',
		admin: true,
		form: async () => ({ intent: 'save', name: 'Idem-Modell', model_id: `idem-${unique()}`, category: 'language', provider: 'local', credits_cost: '2', api_parameters: '{}' }),
		count: (_user, form) => count(h.db.selectFrom('ai_models').select((eb) => eb.fn.countAll<number>().as('n')).where('model_id', '=', String(form.model_id)).executeTakeFirst()),
		result: (answer) => data(answer).saved,
	},
	{
		name: "/pricing 'Kontakt aufnehmen' (an enterprise request and its mail)",
		route: '/pricing',
		form: async () => ({ intent: 'contact', name: 'Erika Muster', email: 'erika@firma.ch', company: 'Firma AG', message: 'Wir sind 40 Leute.' }),
		count: (user) => count(h.db.selectFrom('enterprise_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirst()),
		result: (answer) => data(answer).contactSent,
	},
	{
		name: 'admin prompt',
		route: '/admin/prompts',
		admin: true,
		form: async () => ({ intent: 'save', name: `Idem ${unique()}`, category: 'workflow', promptText: 'Hallo {name}' }),
		count: (_user, form) => count(h.db.selectFrom('admin_prompts').select((eb) => eb.fn.countAll<number>().as('n')).where('name', '=', String(form.name)).executeTakeFirst()),
		result: (answer) => data(answer).saved,
	},
	{
		name: 'admin toolbox tool',
		route: '/admin/toolbox',
		admin: true,
		form: async () => ({ intent: 'save', tool_name: `idem${unique()}`, display_name: 'Idem', category: 'general', icon: 'wrench', config_schema: '{}', default_settings: '{}', is_available: 'true' }),
		count: (_user, form) => count(h.db.selectFrom('admin_toolbox_configs').select((eb) => eb.fn.countAll<number>().as('n')).where('tool_name', '=', String(form.tool_name)).executeTakeFirst()),
		result: (answer) => data(answer).saved,
	},
	{
		name: 'admin credit grant',
		route: '/admin/users',
		admin: true,
		form: async (user) => ({ intent: 'grant', userId: user.id, amount: '7', reason: 'Idempotenz' }),
		count: (user) => count(h.db.selectFrom('credit_transactions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).where('transaction_type', '=', ADMIN_GRANT_TYPE).executeTakeFirst()),
		// The answer names the balance after the grant: the same for the retry.
		result: (answer) => (data(answer).notice as { description?: string }).description,
	},
]

const send = (route: string, user: TestUser, form: Form) => h.call(route, { method: 'POST', form, cookie: user.cookie })

describe.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
	const rows = c.rows ?? 1

	test('the same request twice, one after the other, creates once and answers the same', async () => {
		const user = await h.user({ admin: c.admin })
		const form = { ...(await c.form(user)), requestId: randomUUID() }
		const before = await c.count(user, form)
		const first = await send(c.route, user, form)
		const second = await send(c.route, user, form)
		expect(first.status, first.text).toBe(200)
		expect(c.result(first), first.text).toBeTruthy()
		expect([second.status, second.data]).toEqual([first.status, first.data])
		expect(c.result(second)).toEqual(c.result(first))
		expect((await c.count(user, form)) - before).toBe(rows)
	})

	test('the same request twice at once creates once and both answers are the same', async () => {
		const user = await h.user({ admin: c.admin })
		const form = { ...(await c.form(user)), requestId: randomUUID() }
		const before = await c.count(user, form)
		const [a, b] = await Promise.all([send(c.route, user, form), send(c.route, user, form)])
		expect([a.status, b.status], a.text + b.text).toEqual([200, 200])
		expect(b.data).toEqual(a.data)
		expect(c.result(a)).toBeTruthy()
		expect((await c.count(user, form)) - before).toBe(rows)
	})

	test('without a request id the form is refused (400, German), nothing is created', async () => {
		const user = await h.user({ admin: c.admin })
		const form = await c.form(user)
		const before = await c.count(user, form)
		const answer = await send(c.route, user, form)
		expect(answer.status).toBe(400)
		expect(answer.text).toMatch(/[äöüÄÖÜ]|Ungültig|nicht|fehl/i)
		expect(await c.count(user, form)).toBe(before)
	})
})

test('two request ids are two creates; one id with other input is refused with 409', async () => {
	const user = await h.user()
	const form = { intent: 'save-draft', ...creatorContent }
	const first = await send('/create', user, { ...form, requestId: randomUUID() })
	const second = await send('/create', user, { ...form, requestId: randomUUID() })
	expect([first.status, second.status]).toEqual([200, 200])
	expect(data(second).ids).not.toEqual(data(first).ids)
	expect(await drafts(user)).toBe(4)

	const requestId = randomUUID()
	expect((await send('/create', user, { ...form, requestId })).status).toBe(200)
	const changed = await send('/create', user, { ...form, 'text.linkedin': 'Ein anderer Text', requestId })
	expect(changed.status).toBe(409)
	expect(changed.text).toContain(commonTexts.errors.requestConflict)
	// The same id for another action is refused as well, not answered with the drafts.
	const other = await send('/create', user, { intent: 'publish', ...creatorContent, requestId })
	expect(other.status).toBe(409)
	expect(await drafts(user)).toBe(6)
	expect(await posts(user)).toBe(0)
})

test('request ids are per user: the same id from another user is that user’s own create', async () => {
	const [anna, ben] = await Promise.all([h.user(), h.user()])
	const requestId = randomUUID()
	const form = { intent: 'save-draft', ...creatorContent, requestId }
	const a = await send('/create', anna, form)
	const b = await send('/create', ben, form)
	expect([a.status, b.status]).toEqual([200, 200])
	expect(data(b).ids).not.toEqual(data(a).ids)
	expect([await drafts(anna), await drafts(ben)]).toEqual([2, 2])
})

test('a refused create is not kept: the same id with valid input creates', async () => {
	const user = await h.user()
	await connected(user)
	const draft = await draftOf(user)
	const requestId = randomUUID()
	// In the past: refused, and the draft stays a draft.
	const past = await send('/posts', user, { intent: 'schedule', kind: 'draft', id: draft, date: '2020-01-06', time: '10:00', requestId })
	expect(past.status).toBe(400)
	expect(await drafts(user)).toBe(1)
	// Only results are kept, refusals are not: a client that reuses the id with a valid date is not stuck.
	const planned = await send('/posts', user, { intent: 'schedule', kind: 'draft', id: draft, date: nextWeek(), time: '10:00', requestId })
	expect(planned.status).toBe(200)
	expect([await drafts(user), await posts(user)]).toEqual([0, 1])
})

test("'Jetzt posten' of new content: the retry finds the post with its deliveries due, published once", async () => {
	const user = await h.user()
	await connected(user)
	const form = { intent: 'publish', ...creatorContent, requestId: randomUUID() }
	const answers = await Promise.all([send('/create', user, form), send('/create', user, form), send('/create', user, form)])
	const postIds = new Set(answers.map((a) => data(a).postId))
	expect(postIds.size).toBe(1)
	const deliveries = await h.db.selectFrom('post_deliveries').select(['platform', 'status']).where('post_id', '=', [...postIds][0] as string).orderBy('platform').execute()
	expect(deliveries).toEqual([
		{ platform: 'instagram', status: 'scheduled' },
		{ platform: 'linkedin', status: 'scheduled' },
	])
	expect(await h.db.selectFrom('request_keys').select('action').where('user_id', '=', user.id).execute()).toEqual([{ action: 'content.publish-new-post' }])
})
