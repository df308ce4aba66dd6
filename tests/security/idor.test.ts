// SECURITY.md §1.3 (ASVS 8.2.2 data-specific access, IDOR/BOLA; ARCHITECTURE.md "another user's id
// gives 'not found', never data"): the IDOR sweep over the route table (app/routes.ts).
//
// Every route has an entry below: the probes for each id it takes (path segment, query or form
// field), or why it takes none that belongs to a user. A route without an entry fails the first
// test, and so does an entry saying 'none' for a module whose source reads an id, so a new route
// cannot be forgotten. Each probe runs twice on a fresh owner A:
//   1. as user B with A's ids: the answer is "not found" or empty, carries none of A's data, and
//      A's rows are unchanged;
//   2. as A, the owner: the very same request works (shows or changes A's row), which proves the
//      probe reaches the code it means to test.
// Content ideas and news items are only listed (the user's own); no route takes their id.
// Admin routes take ids that belong to no user; they are checked for the admin middleware here and
// walked as visitor, user and admin in tests/e2e/admin-guard.spec.ts. Cross-user reads inside the
// modules: modules/accounts/accounts.test.ts ("two users cannot read each other's ..."), the data
// export: tests/integration/export.test.ts.
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import type { Kysely } from 'kysely'
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { OnboardingDraftSchema } from '#modules/agents/index.ts'
import { presetFormEntries, type AgentPresetValues } from '#modules/agents/schema.ts'
import { createSecretBox } from '#modules/core/crypto.server.ts'
import type { DB } from '#modules/core/db.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { createHarness, flatRoutes, loadModule, routeSource, type CallRequest, type CallResult, type FlatRoute, type Harness, type TestUser } from './support/harness.ts'
import { agentPreset } from './support/agent-preset.ts'

vi.mock('lucide-react', async () => (await import('./support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('./support/harness.ts')).uiStub())

type Fixture = {
	a: TestUser
	marker: string
	agent: string
	agent2: string
	draft: string
	post: string
	/** The image of A's post (a post_media row). */
	media: string
	/** The key of A's uploaded PDF (an uploads row of kind post_document, its file stored). */
	pdf: string
	page: string
	page2: string
	/** A's LinkedIn account (social_tokens row) that owns page and page2. */
	account: string
	contact: string
	log: string
	modelTest: string
	/** The key of A's uploaded video, with its media_process row. */
	video: string
	generationRequest: string
	generation: string
	checkout: string
	oauthState: string
	onboardingDraft: string
	/** A's first brand (its rows' brand) and a second one, named with the marker. */
	brand: string
	brand2: string
}

type Probe = {
	name: string
	request: (f: Fixture) => CallRequest
	/** What B must get: refused (4xx, or a redirect away), or an empty answer (200 without A's data). */
	attacker: 'refused' | 'empty'
	/** The part of the database the request would change (JSON-compared before and after). */
	state?: (db: Kysely<DB>, f: Fixture) => Promise<unknown>
	/** What the owner's identical request does: shows A's marker, or changes the state. */
	owner: 'shows' | 'changes' | ((r: CallResult, f: Fixture) => void | Promise<void>)
}

type Entry =
	| { probes: Array<Probe> }
	/** Takes no id of a user-owned row (reason given). */
	| { none: string }
	/** Takes ids, but of rows that belong to no user (catalogue, public by design, secrets): why this is safe. */
	| { notOwned: string }
	/** Below /admin: the admin middleware refuses users before any id is read. */
	| { admin: true }

const row = (table: 'drafts' | 'posts' | 'agent_configurations' | 'channels' | 'birthday_contacts' | 'payments', id: string) => (db: Kysely<DB>) =>
	db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()
const postsOf = (db: Kysely<DB>, f: Fixture) => db.selectFrom('posts').select(['id', 'status', 'content', 'scheduled_at']).where('user_id', '=', f.a.id).orderBy('id').execute()
const deliveriesOf = (db: Kysely<DB>, f: Fixture) => db.selectFrom('post_deliveries').select(['id', 'status', 'scheduled_at']).where('user_id', '=', f.a.id).orderBy('id').execute()
const draftAndPosts = async (db: Kysely<DB>, f: Fixture) => ({ draft: await row('drafts', f.draft)(db), posts: await postsOf(db, f), deliveries: await deliveriesOf(db, f) })
const postAndDeliveries = async (db: Kysely<DB>, f: Fixture) => ({ post: await row('posts', f.post)(db), deliveries: await deliveriesOf(db, f) })
const accountAndChannels = async (db: Kysely<DB>, f: Fixture) => ({
	accounts: await db.selectFrom('social_tokens').select(['id', 'status']).where('user_id', '=', f.a.id).orderBy('id').execute(),
	channels: await db.selectFrom('channels').select(['id', 'social_token_id', 'is_default']).where('user_id', '=', f.a.id).orderBy('id').execute(),
})
const brandsOf = (db: Kysely<DB>, f: Fixture) => db.selectFrom('brands').selectAll().where('user_id', '=', f.a.id).orderBy('id').execute()
const channelsOf = (db: Kysely<DB>, f: Fixture) => db.selectFrom('channels').select(['id', 'brand_id', 'is_default']).where('user_id', '=', f.a.id).orderBy('id').execute()
/** The document row of A's post (post_media of kind document) and the PDF it names. */
const documentOf = (db: Kysely<DB>, f: Fixture) => db.selectFrom('post_media').selectAll().where('post_id', '=', f.post).where('kind', '=', 'document').execute()
const agentsOf = (db: Kysely<DB>, f: Fixture) => db.selectFrom('agent_configurations').selectAll().where('user_id', '=', f.a.id).orderBy('id').execute()

/** A day next week in Zurich (scheduling needs the future) and a time the rules allow. */
const nextWeek = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(new Date(Date.now() + 8 * 86_400_000))

const creatorEdit = (intent: 'save-draft' | 'schedule' | 'publish', kind: 'draft' | 'post') => (f: Fixture): CallRequest => ({
	form: {
		intent,
		platforms: 'linkedin',
		'text.linkedin': `Übernommen ${randomUUID()}`,
		prompt: '',
		editKind: kind,
		editId: kind === 'draft' ? f.draft : f.post,
		requestId: randomUUID(),
		...(intent === 'schedule' ? { date: nextWeek(), time: '10:00' } : {}),
	},
})

const creatorProbes: Array<Probe> = [
	{ name: 'open a draft (?draft=)', request: (f) => ({ search: { draft: f.draft } }), attacker: 'empty', owner: 'shows' },
	{ name: 'open a post (?post=)', request: (f) => ({ search: { post: f.post } }), attacker: 'empty', owner: 'shows' },
	{ name: 'save-draft editing a draft', request: creatorEdit('save-draft', 'draft'), attacker: 'refused', state: (db, f) => row('drafts', f.draft)(db), owner: 'changes' },
	{ name: 'save-draft editing a post', request: creatorEdit('save-draft', 'post'), attacker: 'refused', state: (db, f) => row('posts', f.post)(db), owner: 'changes' },
	{ name: 'schedule editing a draft', request: creatorEdit('schedule', 'draft'), attacker: 'refused', state: draftAndPosts, owner: 'changes' },
	{ name: 'schedule editing a post', request: creatorEdit('schedule', 'post'), attacker: 'refused', state: postAndDeliveries, owner: 'changes' },
	{ name: 'publish editing a draft', request: creatorEdit('publish', 'draft'), attacker: 'refused', state: draftAndPosts, owner: 'changes' },
	{ name: 'publish editing a post', request: creatorEdit('publish', 'post'), attacker: 'refused', state: postAndDeliveries, owner: 'changes' },
]

function presetValues(name: string): AgentPresetValues {
	return agentPreset({ name, description: '', targetAudience: '', brandName: '', brandColors: [], useBranding: false, trainingTexts: [], specialties: [] })
}

let logoPng: Uint8Array
let pdfBytes: Uint8Array

const agentProbe = (name: string, form: (f: Fixture) => Record<string, string | File>, target: 'agent' | 'agent2' = 'agent'): Probe => ({
	name,
	request: (f) => ({ form: { agentId: f[target], ...form(f) } }),
	attacker: 'refused',
	state: agentsOf,
	owner: 'changes',
})

const entries: Record<string, Entry> = {
	'/': { none: "the dashboard of the signed-in user's own data" },
	'/landing': { none: 'static page' },
	'/onboarding': { none: 'the wizard runs in the browser' },
	'/onboarding/hand-over': {
		probes: [
			{
				// The draft id makes the hand-over idempotent per user: B's hand-over with A's draft id makes B's own agent.
				name: "hand-over with A's onboarding draft id",
				request: (f) => ({ form: { draft: JSON.stringify(onboardingDraft(f.onboardingDraft, 'Fremd')) } }),
				attacker: 'empty',
				state: agentsOf,
				owner: async (r) => expect(r.data).toEqual({ ok: true, created: false }),
			},
		],
	},
	'/auth': { none: 'sign-in and sign-up by e-mail (enumeration and throttling: rate-limits.test.ts)' },
	'/auth/logout': { none: "ends the request's own session (its cookie)" },
	'/auth/confirm': { notOwned: 'takes a 256-bit single-use token, not an id (modules/accounts/accounts.test.ts)' },
	'/auth/forgot-password': { none: 'takes an e-mail address; the answer is the same for every address' },
	'/auth/reset-password': { notOwned: 'takes a 256-bit single-use token, not an id (modules/accounts/accounts.test.ts)' },
	'/auth/link': { notOwned: 'takes a 256-bit single-use token, not an id (tests/security/signin-hardening.test.ts)' },
	'/auth/google': { none: 'starts the OAuth flow' },
	'/auth/google/callback': { notOwned: 'state and code are bound to the browser by the state cookie (tests/fakes/google-oidc.test.ts, tests/e2e/google.spec.ts)' },
	'/dev/mailbox': { notOwned: 'development only: the composition root leaves it out in production (404), see README' },
	'/accounts/callback/:platform': {
		probes: [
			{
				name: "OAuth callback with A's state",
				request: (f) => ({ params: { platform: 'linkedin' }, search: { state: f.oauthState, code: 'code-of-b' } }),
				attacker: 'empty',
				state: (db, f) => db.selectFrom('oauth_states').select('user_id').where('user_id', '=', f.a.id).execute(),
				// The owner's state is consumed (the exchange itself fails: the sandbox is not served here).
				owner: 'changes',
			},
		],
	},
	'/create': { probes: creatorProbes },
	'/create-post': { probes: creatorProbes },
	'/posts': {
		probes: [
			{ name: 'the board with ?edit=', request: (f) => ({ search: { edit: f.post } }), attacker: 'empty', owner: 'shows' },
			{
				name: 'save-draft',
				request: (f) => ({ form: { intent: 'save-draft', id: f.draft, platforms: 'linkedin', 'texts.linkedin': `Neu ${randomUUID()}` } }),
				attacker: 'refused',
				state: (db, f) => row('drafts', f.draft)(db),
				owner: 'changes',
			},
			{
				name: 'save-post',
				request: (f) => ({ form: { intent: 'save-post', id: f.post, platforms: 'linkedin', 'texts.linkedin': `Neu ${randomUUID()}` } }),
				attacker: 'refused',
				state: (db, f) => row('posts', f.post)(db),
				owner: 'changes',
			},
			{ name: 'delete-post', request: (f) => ({ form: { intent: 'delete-post', id: f.post } }), attacker: 'refused', state: (db, f) => row('posts', f.post)(db), owner: 'changes' },
			{ name: 'delete-draft', request: (f) => ({ form: { intent: 'delete-draft', id: f.draft } }), attacker: 'refused', state: (db, f) => row('drafts', f.draft)(db), owner: 'changes' },
			{
				name: 'schedule a draft',
				request: (f) => ({ form: { intent: 'schedule', kind: 'draft', id: f.draft, date: nextWeek(), time: '11:00', requestId: randomUUID() } }),
				attacker: 'refused',
				state: draftAndPosts,
				owner: 'changes',
			},
			{
				name: 'schedule a post',
				request: (f) => ({ form: { intent: 'schedule', kind: 'post', id: f.post, date: nextWeek(), time: '11:30', requestId: randomUUID() } }),
				attacker: 'refused',
				state: postAndDeliveries,
				owner: 'changes',
			},
			{ name: 'publish-now a draft', request: (f) => ({ form: { intent: 'publish-now', kind: 'draft', id: f.draft, requestId: randomUUID() } }), attacker: 'refused', state: draftAndPosts, owner: 'changes' },
			{ name: 'publish-now a post', request: (f) => ({ form: { intent: 'publish-now', kind: 'post', id: f.post, requestId: randomUUID() } }), attacker: 'refused', state: postAndDeliveries, owner: 'changes' },
		],
	},
	'/posts/:id/dokument': {
		probes: [
			// The slides split from A's post text (it carries the marker); a refused id shows nothing.
			{ name: "open the document dialog of A's post", request: (f) => ({ params: { id: f.post } }), attacker: 'refused', owner: 'shows' },
			{
				name: "save slides as the document of A's post",
				request: (f) => ({ params: { id: f.post }, form: { intent: 'save', requestId: randomUUID(), slides: JSON.stringify([{ kind: 'title', heading: 'Frisches Brot', body: ['Jeden Morgen'], list: null }]) } }),
				attacker: 'refused',
				state: documentOf,
				owner: 'changes',
			},
			{
				name: "attach A's uploaded PDF to A's post",
				request: (f) => ({ params: { id: f.post }, form: { intent: 'attach', requestId: randomUUID(), fileKey: f.pdf } }),
				attacker: 'refused',
				state: documentOf,
				owner: 'changes',
			},
		],
	},
	'/schedule': {
		probes: [
			{
				name: 'reschedule',
				request: (f) => ({ form: { intent: 'reschedule', postId: f.post, date: nextWeek(), time: '12:00' } }),
				attacker: 'refused',
				state: (db, f) => row('posts', f.post)(db),
				owner: 'changes',
			},
		],
	},
	'/news': { none: "the user's own feed list (feed URLs are the SSRF concern: ssrf.test.ts)" },
	'/settings/integrationen': { notOwned: "token, connected-app (OAuth grant) and webhook ids of another user answer 404 and change nothing (tests/integration/api-tokens.test.ts revoke, tests/integration/oauth.test.ts, webhooks-settings.test.ts)" },
	'/oauth/zustimmung': { notOwned: 'an OAuth authorization request belongs to no user until the signed-in person the app sent here decides it; a decided or expired one answers 404 (tests/integration/oauth.test.ts, ADR 0071)' },
	'/posts/csv-import': { none: "imports into the user's own posts; the rows come from the user's own file" },
	'/posts/csv-sample': { none: 'the same sample file for everyone' },
	'/posts/cards': {
		probes: [{ name: "the board's remaining cards with ?edit=", request: (f) => ({ search: { edit: f.post } }), attacker: 'empty', owner: 'shows' }],
	},
	'/posts/editor-data': {
		// Takes no id: the editor's pages are the signed-in user's own (A's page names carry the marker).
		probes: [{ name: "the editor's connected pages", request: () => ({}), attacker: 'empty', owner: 'shows' }],
	},
	'/settings': { none: "the user's own account (password change and sign-out of other devices: sessions.test.ts)" },
	'/accounts': {
		probes: [
			{
				name: 'set-default page',
				request: (f) => ({ form: { intent: 'set-default', pageId: f.page2 } }),
				attacker: 'refused',
				state: (db, f) => db.selectFrom('channels').select(['id', 'is_default']).where('user_id', '=', f.a.id).orderBy('id').execute(),
				owner: 'changes',
			},
			{
				name: 'disconnect an account',
				request: (f) => ({ form: { intent: 'disconnect', accountId: f.account } }),
				attacker: 'refused',
				state: accountAndChannels,
				owner: 'changes',
			},
			{
				name: 'reconnect an account',
				request: (f) => ({ form: { intent: 'reconnect', accountId: f.account } }),
				attacker: 'refused',
				// The owner's reconnect starts the flow: a state bound to A.
				state: (db, f) => db.selectFrom('oauth_states').select(['user_id', 'platform']).where('user_id', '=', f.a.id).execute(),
				owner: 'changes',
			},
		],
	},
	'/marken': {
		probes: [
			{ name: 'rename a brand', request: (f) => ({ form: { intent: 'rename', brandId: f.brand2, name: 'Umbenannt' } }), attacker: 'refused', state: brandsOf, owner: 'changes' },
			{ name: 'delete a brand (moving its rows)', request: (f) => ({ form: { intent: 'delete', brandId: f.brand2, moveTo: f.brand } }), attacker: 'refused', state: brandsOf, owner: 'changes' },
			{ name: 'set the default agent', request: (f) => ({ form: { intent: 'default-agent', brandId: f.brand2, agentId: f.agent } }), attacker: 'refused', state: brandsOf, owner: 'changes' },
			{ name: 'move a channel to a brand', request: (f) => ({ form: { intent: 'move-channel', channelId: f.page2, brandId: f.brand2 } }), attacker: 'refused', state: channelsOf, owner: 'changes' },
		],
	},
	'/marken/auswahl': {
		probes: [
			{
				// B's switch to A's brand chooses 'Alle Marken' (B's pages read the cookie through B's brands anyway).
				name: "switch to A's brand",
				request: (f) => ({ form: { brandId: f.brand2 } }),
				attacker: 'empty',
				owner: async (r, f) => expect(r.data).toEqual({ ok: true, brandId: f.brand2 }),
			},
		],
	},
	'/suche': { none: "searches the user's own rows (modules/search/search.test.ts)" },
	'/agent': {
		probes: [
			agentProbe('rename', () => ({ intent: 'rename', name: 'Umbenannt' })),
			agentProbe('set-default', () => ({ intent: 'set-default' }), 'agent2'),
			agentProbe('delete', () => ({ intent: 'delete' }), 'agent2'),
			{
				...agentProbe('save', () => ({ intent: 'save' })),
				request: (f) => ({ form: { intent: 'save', agentId: f.agent, ...Object.fromEntries(presetFormEntries(presetValues('Gespeichert'))) } }),
			},
			agentProbe('train', () => ({ intent: 'train', 'trainingTexts[0]': 'Wir schreiben kurz, klar und freundlich über unsere Bäckerei.' })),
			agentProbe('upload-logo', () => ({ intent: 'upload-logo', logo: new File([logoPng as BlobPart], 'logo.png', { type: 'image/png' }) })),
			agentProbe('remove-logo', () => ({ intent: 'remove-logo' })),
		],
	},
	'/test-models': { notOwned: 'likes and favourites take ids of the shared model catalogue; the rows written are the user\'s own' },
	'/model-test': {
		probes: [
			{
				name: "run with A's agent",
				request: (f) => ({ form: { models: 'gpt-4o-mini', category: 'language', prompt: 'Ein Satz über Brot.', agentId: f.agent, requestId: randomUUID() } }),
				attacker: 'refused',
				state: (db, f) => db.selectFrom('model_tests').select('id').where('user_id', '=', f.a.id).orderBy('id').execute(),
				owner: 'changes',
			},
			{
				name: "run with A's request id",
				request: (f) => ({ form: { models: 'gpt-4o-mini', category: 'language', prompt: 'Ein Satz über Brot.', requestId: f.generationRequest } }),
				// B's own test runs (and is charged to B); A's tests under that id are not answered.
				attacker: 'empty',
				state: (db, f) => db.selectFrom('model_tests').selectAll().where('user_id', '=', f.a.id).orderBy('id').execute(),
				// The owner's retry is answered with the tests of the first run.
				owner: 'shows',
			},
		],
	},
	'/toolbox': {
		probes: [{ name: 'removeContact', request: (f) => ({ form: { intent: 'removeContact', id: f.contact } }), attacker: 'refused', state: (db, f) => row('birthday_contacts', f.contact)(db), owner: 'changes' }],
	},
	'/activity-logs': {
		probes: [
			{
				name: 'report an entry',
				request: (f) => ({ form: { intent: 'report', id: f.log } }),
				attacker: 'refused',
				state: (db, f) => db.selectFrom('error_reports').select('id').where('activity_log_id', '=', f.log).execute(),
				owner: 'changes',
			},
		],
	},
	'/pricing': { notOwned: 'packages, plans and discount codes of the shared catalogue (limits: rate-limits.test.ts)' },
	'/pricing/test-checkout/:sessionId': {
		probes: [
			{
				name: 'view the checkout',
				request: (f) => ({ params: { sessionId: f.checkout } }),
				attacker: 'refused',
				owner: (r, f) => expect(r.data).toMatchObject({ checkout: { sessionId: f.checkout, credits: 500 } }),
			},
			{
				name: 'pay',
				request: (f) => ({ params: { sessionId: f.checkout }, form: { intent: 'pay' } }),
				attacker: 'refused',
				state: async (db, f) => ({
					payment: await db.selectFrom('payments').select(['status']).where('provider_session_id', '=', f.checkout).executeTakeFirst(),
					balance: (await db.selectFrom('profiles').select('credits_remaining').where('id', '=', f.a.id).executeTakeFirstOrThrow()).credits_remaining,
				}),
				owner: 'changes',
			},
			{
				name: 'cancel',
				request: (f) => ({ params: { sessionId: f.checkout }, form: { intent: 'cancel' } }),
				attacker: 'refused',
				state: (db, f) => db.selectFrom('payments').select(['status']).where('provider_session_id', '=', f.checkout).executeTakeFirst(),
				owner: 'changes',
			},
		],
	},
	'/admin': { admin: true },
	'/admin/users': { admin: true },
	'/admin/models': { admin: true },
	'/admin/prompts': { admin: true },
	'/admin/workflows': { admin: true },
	'/admin/toolbox': { admin: true },
	'/admin/error-reports': { admin: true },
	'/admin/discount-codes': { admin: true },
	'/admin/plans': { admin: true },
	'/settings/export': { none: "the user's own data (two users: tests/integration/export.test.ts)" },
	'/events': { none: "the user's own change stream (topics only)" },
	'/health': { none: 'monitoring, no user data' },
	'/health/live': { none: 'liveness answer, no database work and no user data' },
	'/bench/leer': { none: 'the benchmarks\' empty page (404 unless BENCH_EMPTY_PAGE): the signed-in shell, no id' },
	'/api/posts/:id/deliveries': {
		probes: [{ name: 'delivery state of a post', request: (f) => ({ params: { id: f.post } }), attacker: 'empty', owner: 'shows' }],
	},
	'/api/posts/:id/preview': {
		probes: [{ name: "a calendar chip's hover card", request: (f) => ({ params: { id: f.post } }), attacker: 'refused', owner: 'shows' }],
	},
	'/api/generations': {
		probes: [
			{
				name: "generate with A's agent",
				request: (f) => ({ form: generationForm({ agentId: f.agent }) }),
				attacker: 'refused',
				state: (db, f) => db.selectFrom('generations').select('id').where('user_id', '=', f.a.id).orderBy('id').execute(),
				owner: 'changes',
			},
			{
				name: "generate with A's request id (a replay answers the stored result)",
				request: (f) => ({ form: generationForm({ requestId: f.generationRequest }) }),
				// B's own generation runs; A's stored result is not B's replay.
				attacker: 'empty',
				state: (db, f) => db.selectFrom('generations').selectAll().where('user_id', '=', f.a.id).orderBy('id').execute(),
				owner: 'shows',
			},
		],
	},
	'/api/generations/image': {
		probes: [
			{
				name: "regenerate with A's agent",
				request: (f) => ({ form: { requestId: randomUUID(), platform: 'linkedin', content: 'Frisches Brot am Morgen', agentId: f.agent } }),
				attacker: 'refused',
				state: (db, f) => db.selectFrom('uploads').select('id').where('user_id', '=', f.a.id).execute(),
				owner: 'changes',
			},
		],
	},
	'/api/model-tests': {
		probes: [{ name: 'follow a model test (?ids=)', request: (f) => ({ search: { ids: f.modelTest } }), attacker: 'empty', owner: 'shows' }],
	},
	'/api/search': { none: "searches the user's own rows" },
	'/api/hashtags': { none: 'suggestions for a text' },
	'/api/documents/check': { none: 'reads the uploaded document only, keeps nothing' },
	'/api/media-alt-text': {
		probes: [
			{
				// The suggestion names the post's topic (its text carries the marker); nothing is saved.
				name: "suggest an alt text for A's image",
				request: (f) => ({ method: 'POST', body: JSON.stringify({ requestId: randomUUID(), mediaId: f.media }), headers: { 'content-type': 'application/json' } }),
				attacker: 'refused',
				state: (db, f) => db.selectFrom('post_media').select('alt_text').where('id', '=', f.media).execute(),
				owner: 'shows',
			},
		],
	},
	'/api/media/*': {
		probes: [
			{
				name: "the processing state of A's uploaded video",
				request: (f) => ({ params: { '*': `${f.video}/status` } }),
				attacker: 'refused',
				owner: (r, f) => expect(r.text).toContain(f.video),
			},
			{
				name: "the processing of A's videos read together (status?key=)",
				request: (f) => ({ params: { '*': 'status' }, search: { key: f.video } }),
				attacker: 'empty',
				owner: (r, f) => expect(r.text).toContain(f.video),
			},
			{
				// A's video is still being prepared: A reaches its row (not ready yet), B does not find it.
				name: "choose the cover of A's video",
				request: (f) => ({ method: 'POST', params: { '*': `${f.video}/cover` }, body: JSON.stringify({ requestId: randomUUID(), atMs: 1000 }), headers: { 'content-type': 'application/json' } }),
				attacker: 'refused',
				state: (db, f) => db.selectFrom('media_variants').select(['cover_at_ms', 'state']).where('source_key', '=', f.video).execute(),
				owner: (r) => expect(r.data).toMatchObject({ ok: false, code: 'not_ready' }),
			},
		],
	},
	'/api/media': { none: "stores the user's own upload under a new key; reads no id (the request id is per user: tests/integration/media-upload.test.ts)" },
	'/mcp': { notOwned: "signed in by a personal API token, not the session; another user's post, draft and agent ids in its calls are refused (tests/integration/mcp.test.ts)" },
	'/api/v1/accounts': { none: "the token user's own connected pages" },
	'/api/v1/channels': { none: "the token user's own channels; a post naming another user's channel answers 422 invalid_channel (tests/integration/api-v1-posts.test.ts)" },
	'/api/v1/posts': { none: "lists and creates the token user's own posts (the cursor is a position in the user's own list)" },
	'/api/v1/posts/validate': { none: "checks a post of the token user's without saving; another user's channel is refused as unknown (tests/integration/mcp-posts-tools.test.ts)" },
	'/api/v1/agents': { none: "the token user's own agents (tests/integration/mcp-posts-tools.test.ts: list_agents, the same view)" },
	'/api/v1/times': { none: "the token user's own free suggested times" },
	'/api/v1/posts/:id': {
		probes: [
			{ name: 'API: read a post', request: (f) => ({ params: { id: f.post } }), attacker: 'refused', owner: 'shows' },
			{ name: 'API: change a post', request: (f) => ({ method: 'PATCH', params: { id: f.post }, ...apiJson({ text: 'Geändert über die API' }) }), attacker: 'refused', state: (db, f) => row('posts', f.post)(db), owner: 'changes' },
			{ name: 'API: delete a post', request: (f) => ({ method: 'DELETE', params: { id: f.post } }), attacker: 'refused', state: postAndDeliveries, owner: 'changes' },
		],
	},
	'/api/v1/posts/:id/publish': {
		probes: [
			{
				name: 'API: publish a post now',
				request: (f) => ({ method: 'POST', params: { id: f.post } }),
				attacker: 'refused',
				state: postAndDeliveries,
				// The owner's post is found: on its way (202) or refused by the planning preflight (422), never 404.
				owner: async (r) => expect([202, 422]).toContain(r.status),
			},
		],
	},
	'/api/v1/drafts': { none: "lists and creates the token user's own drafts" },
	'/api/v1/drafts/:id': {
		probes: [
			{ name: 'API: read a draft', request: (f) => ({ params: { id: f.draft } }), attacker: 'refused', owner: 'shows' },
			{ name: 'API: change a draft', request: (f) => ({ method: 'PATCH', params: { id: f.draft }, ...apiJson({ text: 'Geändert über die API' }) }), attacker: 'refused', state: (db, f) => row('drafts', f.draft)(db), owner: 'changes' },
			{ name: 'API: delete a draft', request: (f) => ({ method: 'DELETE', params: { id: f.draft } }), attacker: 'refused', state: (db, f) => row('drafts', f.draft)(db), owner: 'changes' },
		],
	},
	'/api/v1/media': { none: "stores the token user's own upload" },
	'/api/v1/generations': {
		probes: [
			{
				name: "API: generate with A's agent",
				request: (f) => ({ method: 'POST', ...apiJson({ kind: 'smart-post', networks: ['linkedin'], agentId: f.agent, prompt: 'Wie eine Bäckerei Zeit spart' }) }),
				attacker: 'refused',
				state: (db, f) => db.selectFrom('generations').select('id').where('user_id', '=', f.a.id).orderBy('id').execute(),
				owner: async (r, f) => {
					expect(r.status).toBe(202)
					await generationsSettled(h.db, f.a.id)
				},
			},
		],
	},
	'/api/v1/generations/:id': {
		probes: [{ name: 'API: follow a generation', request: (f) => ({ params: { id: f.generation } }), attacker: 'refused', owner: 'shows' }],
	},
	'/api/v1/credits': { none: "the token user's own balance" },
	'/api/v1/credits/ledger': { none: "the token user's own ledger (the cursor is a position in the user's own list)" },
	'/api/v1/ideas': { none: "the token user's own ideas" },
	'/api/v1/webhooks': { none: "lists and creates the token user's own webhook endpoints" },
	'/api/v1/webhooks/:id': { notOwned: "another user's endpoint id answers 404 (tests/integration/api-v1-webhooks.test.ts)" },
	'/api/v1/webhooks/:id/deliveries': { notOwned: "another user's endpoint id answers 404 (tests/integration/api-v1-webhooks.test.ts)" },
	'/api/v1/webhooks/:id/test': { notOwned: "another user's endpoint id answers 404 (tests/integration/api-v1-webhooks.test.ts)" },
	'/api/v1/webhooks/:id/replay': { notOwned: "another user's endpoint or message answers 404 (tests/integration/api-v1-webhooks.test.ts)" },
	'/api/v1/openapi.json': { none: 'the public API description' },
	'/api/v1/*': { notOwned: 'the 404 problem for an unknown API path' },
	'/api-referenz': { none: 'the API reference (the same for everyone)' },
	'/ki-assistenten': { none: 'the guide to connecting an assistant (the same for everyone)' },
	'/webhooks/stripe': { notOwned: 'authenticated by the signature on the raw body (tests/integration/stripe-webhook-route.test.ts)' },
	'/media/*': { notOwned: 'stored files by unguessable random keys, public on purpose (the networks fetch post images by URL; README)' },
	'/*': { notOwned: 'the 404 page: the splat is any unknown path' },
}

function onboardingDraft(draftId: string, agentName: string) {
	return OnboardingDraftSchema.parse({ draftId, agentName, avatar: 'bot', personality: 'friendly', targetAudience: 'KMU in der Schweiz', tone: 'conversational', industry: 'technology', description: '' })
}

/** A JSON body for the REST API (/api/v1). */
const apiJson = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json' } })

/** The REST API authenticates by bearer token, not the session: each user's token, made once. */
const apiTokens = new Map<string, string>()
async function withApiToken(route: FlatRoute, request: CallRequest, user: TestUser): Promise<CallRequest> {
	if (!route.path.startsWith('/api/v1/')) return request
	let secret = apiTokens.get(user.id)
	if (!secret) {
		const created = await h.services.accounts.apiTokens.create(user.id, { name: 'IDOR', scopes: ['read', 'posts', 'generate'], expiresAt: null })
		if (!created.ok) throw new Error('api token refused')
		secret = created.secret
		apiTokens.set(user.id, secret)
	}
	return { ...request, headers: { ...request.headers, Authorization: `Bearer ${secret}` } }
}

/** Waits until the user's API generations (they run on after the 202) have settled. */
async function generationsSettled(db: Kysely<DB>, userId: string) {
	for (let i = 0; i < 100; i++) {
		const open = await db.selectFrom('generations').select('id').where('user_id', '=', userId).where('status', '=', 'running').execute()
		if (open.length === 0) return
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

function generationForm(overrides: { agentId?: string; requestId?: string }) {
	return { requestId: overrides.requestId ?? randomUUID(), kind: 'smart-post', platforms: 'linkedin', agentId: overrides.agentId ?? '', prompt: 'Wie eine Bäckerei Zeit spart', url: '', notes: '', article: '' }
}

// ---------------------------------------------------------------------------------------------

let t: TestDatabase
let h: Harness
let b: TestUser
const table = flatRoutes()

beforeAll(async () => {
	t = await createTestDatabase()
	h = await createHarness(t.db)
	b = await h.user({ name: 'Bea Angreiferin' })
	logoPng = new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2255aa' } }).png().toBuffer())
	const pdf = await PDFDocument.create()
	pdf.addPage([200, 200])
	pdfBytes = await pdf.save()
})

afterAll(async () => {
	await h?.[Symbol.asyncDispose]()
	await t?.[Symbol.asyncDispose]()
})

/** A fresh owner with one row of every kind the probes name, each carrying the marker where text goes. */
async function ownerFixture(): Promise<Fixture> {
	const marker = `idor-${randomUUID()}`
	const a = await h.user({ name: `Anna ${marker}` })
	const { db, services } = h
	const agentRow = (name: string, order: number, isDefault: boolean) =>
		db
			.insertInto('agent_configurations')
			.values({ user_id: a.id, name, agent_order: order, is_default: isDefault, logo_url: '/media/logos/idor-logo.png', target_audience: `Publikum ${marker}` })
			.returning('id')
			.executeTakeFirstOrThrow()
	const agent = (await agentRow(`Agent ${marker}`, 0, true)).id
	const agent2 = (await agentRow(`Zweiter ${marker}`, 1, false)).id
	const draft = await services.content.createDraft(a.id, { platforms: ['linkedin'], content: { base: `Entwurf ${marker}`, platforms: {} }, images: {} })
	const box = createSecretBox(h.env.APP_SECRET)
	const token = await db
		.insertInto('social_tokens')
		.values({ user_id: a.id, platform: 'linkedin', account_id: `acct-${marker}`, account_name: `Konto ${marker}`, access_token_encrypted: box.seal('access'), sandbox: true, status: 'active' })
		.returning('id')
		.executeTakeFirstOrThrow()
	const pageRow = (pageId: string, isDefault: boolean) =>
		db
			.insertInto('channels')
			.values({ user_id: a.id, social_token_id: token.id, platform: 'linkedin', page_id: pageId, page_name: `Seite ${marker}`, is_default: isDefault })
			.returning('id')
			.executeTakeFirstOrThrow()
	const page = (await pageRow(`urn:li:person:${marker}`, true)).id
	const page2 = (await pageRow(`urn:li:organization:${marker}`, false)).id
	// Planned once A has an account there (planning refuses a network without one).
	const post = await services.content.createScheduledPost(a.id, randomUUID(), { platform: 'linkedin', content: { base: `Beitrag ${marker}`, platforms: {} } }, { date: nextWeek(), time: '09:00', timeZone: 'Europe/Zurich' })
	if (!post.ok) throw new Error(`post: ${post.error}`)
	const postBrand = (await db.selectFrom('posts').select('brand_id').where('id', '=', post.post.id).executeTakeFirstOrThrow()).brand_id
	const media = (
		await db.insertInto('post_media').values({ post_id: post.post.id, user_id: a.id, brand_id: postBrand, position: 0, kind: 'image', url: `/media/images/${marker}.png`, file_key: `images/${marker}.png`, source: 'upload' }).returning('id').executeTakeFirstOrThrow()
	).id
	const uploadedPdf = await services.media.upload(a.id, randomUUID(), { name: `Bericht ${marker}.pdf`, body: Readable.from([pdfBytes]) })
	if (!uploadedPdf.ok) throw new Error(`pdf: ${JSON.stringify(uploadedPdf)}`)
	// The planner made the post's delivery; its network URL carries the marker.
	await db.updateTable('post_deliveries').set({ external_url: `https://www.linkedin.com/feed/update/${marker}` }).where('post_id', '=', post.post.id).execute()
	const contact = (await db.insertInto('birthday_contacts').values({ user_id: a.id, name: `Kontakt ${marker}`, birth_month: 5, birth_day: 17, platform: 'linkedin' }).returning('id').executeTakeFirstOrThrow()).id
	const log = (await db.insertInto('activity_logs').values({ user_id: a.id, log_type: 'error', title: `Fehler ${marker}`, status: 'error' }).returning('id').executeTakeFirstOrThrow()).id
	const generationRequest = randomUUID()
	const modelTest = (
		await db
			.insertInto('model_tests')
			.values({ user_id: a.id, model_id: 'gpt-4o-mini', category: 'language', prompt: `Test ${marker}`, status: 'succeeded', request_id: generationRequest, result: JSON.stringify({ text: `Ergebnis ${marker}` }) })
			.returning('id')
			.executeTakeFirstOrThrow()
	).id
	const video = `videos/${randomUUID()}.mp4`
	const upload = await db.insertInto('uploads').values({ user_id: a.id, kind: 'post_video', storage_key: video, content_type: 'video/mp4', byte_size: 1000 }).returning('id').executeTakeFirstOrThrow()
	await db.insertInto('media_variants').values({ upload_id: upload.id, user_id: a.id, source_key: video, rule: 'test' }).execute()
	const result = { generationId: randomUUID(), texts: { linkedin: `Generiert ${marker}` }, images: {}, charged: 3, refunded: 0, balance: 47, warnings: [], source: { kind: 'smart-post', title: null }, detail: null }
	const generation = (
		await db
			.insertInto('generations')
			.values({ user_id: a.id, kind: 'content', status: 'succeeded', source_type: 'smart-post', platforms: ['linkedin'], idempotency_key: generationRequest, input_summary: `Eingabe ${marker}`, result: JSON.stringify(result) })
			.returning('id')
			.executeTakeFirstOrThrow()
	).id
	const started = await services.billing.startCheckout({ id: a.id, email: a.email, subscriptionType: 'free' }, { item: { kind: 'pack', id: 'credits_500' } })
	if (!started.ok) throw new Error('checkout refused')
	const checkout = started.url.split('/').pop()!
	const { url } = await services.publishing.startConnect(a.id, 'linkedin')
	const oauthState = new URL(url).searchParams.get('state')!
	const onboardingDraft_ = randomUUID()
	const handOver = await services.agents.saveOnboardingAgent(a.id, onboardingDraft(onboardingDraft_, `Onboarding ${marker}`.slice(0, 40)))
	if (!handOver.ok) throw new Error(`hand-over: ${handOver.error}`)
	const brand = (await db.selectFrom('channels').select('brand_id').where('id', '=', page).executeTakeFirstOrThrow()).brand_id
	const secondBrand = await services.brands.create(a.id, `Marke ${marker}`)
	if (!secondBrand.ok) throw new Error(`brand: ${secondBrand.error}`)
	return { a, marker, agent, agent2, draft: draft.id, post: post.post.id, media, pdf: uploadedPdf.media.key, page, page2, account: token.id, contact, log, modelTest, video, generationRequest, generation, checkout, oauthState, onboardingDraft: onboardingDraft_, brand, brand2: secondBrand.id }
}

/** What B must never see: A's marker, or any of A's ids (apart from one echoed back in the answer it was sent in). */
function leaks(result: CallResult, f: Fixture) {
	return result.text.includes(f.marker) || (result.location ?? '').includes(f.marker)
}

function isRefusal(result: CallResult) {
	if (result.status >= 400 && result.status < 500) return true
	// A redirect away (the test checkout answers with a toast on /pricing), or ok: false.
	if (result.status >= 300 && result.status < 400) return true
	const data = result.data as { ok?: unknown; outcome?: { ok?: unknown } } | null
	return data?.ok === false
}

/** Waits until the owner's background work (model tests) has settled, so nothing runs on after the test. */
async function settled(db: Kysely<DB>, userId: string) {
	for (let i = 0; i < 100; i++) {
		const open = await db.selectFrom('model_tests').select('id').where('user_id', '=', userId).where('status', 'in', ['pending', 'running']).execute()
		if (open.length === 0) return
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

/** The last line of an NDJSON answer (/api/generations streams steps, then the outcome). */
function outcomeOf(result: CallResult) {
	const lines = result.text.trim().split('\n')
	try {
		return (JSON.parse(lines.at(-1)!) as { outcome?: { ok?: boolean } }).outcome ?? null
	} catch {
		return null
	}
}

// ---------------------------------------------------------------------------------------------

// A requestId (a creating form's idempotency key) names no object: keys are per user (idempotent-writes.test.ts).
const takesIds = /params\.\w+|searchParams\.get\('(?:\w*Id|id|ids|draft|post|edit|report|history|models|state|token)'\)|\.get\('(?!requestId')(?:\w*Id|id|ids)'\)|\b(?!requestId\b)(?:\w*Id|id|ids)\s*:\s*z\.|editId|sessionId/

test('every route of the route table has an entry; a route that reads an id has probes or says why its ids belong to no user', async () => {
	expect(table.length).toBeGreaterThan(40)
	for (const route of table) {
		const entry = entries[route.path]
		expect(entry, `no IDOR entry for ${route.path} (app/${route.file}): add its probes to tests/security/idor.test.ts`).toBeDefined()
		const source = (await routeSource(route.file)) + (route.file.endsWith('create.tsx') ? await routeSource('server/creator.server.ts') : '')
		const match = takesIds.exec(source)
		if (entry && 'none' in entry) expect(match?.[0] ?? null, `${route.path} reads ${match?.[0]}: give it probes (or notOwned with the reason)`).toBeNull()
		if (route.params.length > 0 && entry) expect('none' in entry, `${route.path} has a dynamic segment`).toBe(false)
	}
	expect(Object.keys(entries).filter((p) => !table.some((r) => r.path === p)), 'entries for routes that no longer exist').toEqual([])
})

test('admin routes sit below the admin layout, whose middleware refuses a user before any id is read (full walk: tests/e2e/admin-guard.spec.ts)', async () => {
	const layout = await loadModule('routes/admin/layout.tsx')
	const { requireAdminMiddleware } = await import('#app/server/guards.server.ts')
	expect(layout.middleware).toContain(requireAdminMiddleware)
	for (const route of table.filter((r) => 'admin' in (entries[r.path] ?? {}))) {
		expect(route.layouts, route.path).toContain('routes/admin/layout.tsx')
		const asUser = await h.call(route, { cookie: b.cookie, search: { report: randomUUID(), history: b.id } })
		expect([asUser.status, asUser.location], `${route.path} as a user`).toEqual([302, '/'])
		const post = await h.call(route, { cookie: b.cookie, form: { intent: 'delete', id: randomUUID() } })
		expect([post.status, post.location], `${route.path} action as a user`).toEqual([302, '/'])
	}
})

const probed = table.flatMap((route) => {
	const entry = entries[route.path]
	return entry && 'probes' in entry ? entry.probes.map((probe) => ({ route, probe })) : []
})

test.each(probed.map(({ route, probe }) => [`${route.path}: ${probe.name}`, route, probe] as const))('%s', async (_name, route: FlatRoute, probe: Probe) => {
	const f = await ownerFixture()
	const state = () => (probe.state ? probe.state(h.db, f).then((s) => JSON.stringify(s)) : Promise.resolve(''))

	const before = await state()
	const asB = await h.call(route, await withApiToken(route, { ...probe.request(f), cookie: b.cookie }, b))
	expect(asB.status, `B's answer: ${asB.text.slice(0, 300)}`).toBeLessThan(500)
	expect(leaks(asB, f), `B's answer carries A's data: ${asB.text.slice(0, 300)}`).toBe(false)
	if (probe.attacker === 'refused') {
		const outcome = route.path === '/api/generations' ? outcomeOf(asB) : null
		expect(outcome ? outcome.ok === false : isRefusal(asB), `B is not refused: ${asB.status} ${asB.text.slice(0, 300)}`).toBe(true)
	}
	expect(await state(), "B's request changed A's rows").toBe(before)

	const asA = await h.call(route, await withApiToken(route, { ...probe.request(f), cookie: f.a.cookie }, f.a))
	await settled(h.db, f.a.id)
	expect(asA.status, `A's answer: ${asA.text.slice(0, 300)}`).toBeLessThan(500)
	if (probe.owner === 'shows') expect(leaks(asA, f), `the owner's answer does not show the row: ${asA.text.slice(0, 300)}`).toBe(true)
	else if (probe.owner === 'changes') expect(await state(), `the owner's request changed nothing: ${asA.status} ${asA.text.slice(0, 300)}`).not.toBe(before)
	else await probe.owner(asA, f)
})
