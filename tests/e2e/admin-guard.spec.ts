// Every route and action under /admin, taken from the route table (so a new admin route cannot be
// forgotten), as a signed-out visitor, as a normal user and as an admin: only the admin gets the
// page's data, and only the admin's submissions change anything (response and database).
import fs from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import type { Kysely } from 'kysely'
import routes from '#app/routes.ts'
import { WORKFLOWS } from '#modules/admin/index.ts'
import type { DB } from '#modules/core/db.server.ts'
import { e2eUrl } from '#tests/support/e2e.ts'
import { expect, test, type TestUser } from '#tests/e2e/fixtures.ts'

type AdminRoute = { path: string; file: string }

/** The routes whose full path is /admin or below it (layouts excluded: they have no path of their own). */
function adminRoutes(entries: ReadonlyArray<RouteConfigEntry>, parent = ''): Array<AdminRoute> {
	return entries.flatMap((entry) => {
		const full = [parent, entry.path ?? ''].filter(Boolean).join('/')
		const own = (entry.path !== undefined || entry.index) && (full === 'admin' || full.startsWith('admin/')) ? [{ path: `/${full}`, file: entry.file }] : []
		return [...own, ...adminRoutes(entry.children ?? [], full)]
	})
}

const hasAction = (file: string) => /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(fs.readFileSync(path.join(import.meta.dirname, '../../app', file), 'utf8'))

/** What the walk creates before probing: a target user and rows the admin screens show and change. */
type Fixture = { target: TestUser; marker: string; reportId: string; codeId: string; code: string; toolId: string; toolName: string; promptId: string; modelId: string; modelKey: string; tokenId: string }

type ActionProbe = {
	name: string
	form: (f: Fixture) => Record<string, string>
	/** The part of the database this submission changes, as JSON: equal before and after = nothing changed. */
	state: (db: Kysely<DB>, f: Fixture) => Promise<unknown>
}

type RouteProbe = {
	/** The page's address for the loader check (with a search that surely lists the marker). */
	url: (f: Fixture) => string
	/** Text that only the admin's page contains. */
	marker: (f: Fixture) => string
	actions: Array<ActionProbe>
	/** Undoes what this route's admin submissions changed in shared rows (only here, so no parallel probe undoes it mid-check). */
	reset?: (db: Kysely<DB>) => Promise<unknown>
}

const profileOf = (db: Kysely<DB>, f: Fixture) =>
	db.selectFrom('profiles').select(['credits_remaining', 'credits_total', 'subscription_type']).where('id', '=', f.target.id).executeTakeFirstOrThrow()

const probes: Record<string, RouteProbe> = {
	'/admin': {
		url: () => '/admin',
		marker: () => 'data-testid="status-worker"',
		actions: [],
	},
	'/admin/users': {
		url: (f) => `/admin/users?q=${encodeURIComponent(f.target.email)}`,
		marker: (f) => f.target.email,
		actions: [
			{
				name: 'grant credits',
				form: (f) => ({ intent: 'grant', userId: f.target.id, amount: '7', reason: 'guard', requestId: randomUUID() }),
				state: async (db, f) => ({
					profile: await profileOf(db, f),
					ledger: (await db.selectFrom('credit_transactions').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', f.target.id).executeTakeFirstOrThrow()).n,
				}),
			},
			{ name: 'change plan', form: (f) => ({ intent: 'plan', userId: f.target.id, subscriptionType: 'pro' }), state: profileOf },
			{
				name: 'grant admin',
				form: (f) => ({ intent: 'role', userId: f.target.id, admin: 'true' }),
				state: (db, f) => db.selectFrom('user_roles').select('role').where('user_id', '=', f.target.id).execute(),
			},
			{
				name: "revoke a user's API key",
				form: (f) => ({ intent: 'revokeToken', userId: f.target.id, tokenId: f.tokenId }),
				state: (db, f) => db.selectFrom('api_tokens').select(['revoked_at']).where('id', '=', f.tokenId).executeTakeFirstOrThrow(),
			},
		],
	},
	'/admin/error-reports': {
		url: (f) => `/admin/error-reports?q=${encodeURIComponent(f.marker)}`,
		marker: (f) => f.marker,
		actions: [
			{
				name: 'mark resolved',
				form: (f) => ({ intent: 'status', id: f.reportId, status: 'resolved', adminNotes: 'guard' }),
				state: (db, f) => db.selectFrom('error_reports').select(['status', 'admin_notes', 'resolved_by']).where('id', '=', f.reportId).executeTakeFirstOrThrow(),
			},
		],
	},
	'/admin/models': {
		url: () => '/admin/models',
		marker: (f) => f.marker,
		actions: [
			{
				// e2e-* models are left out of the gallery checks of other tests.
				name: 'create a model',
				form: (f) => ({ intent: 'save', requestId: randomUUID(), name: `${f.marker}-neu`, model_id: `${f.modelKey}-neu`, category: 'language', provider: 'local', credits_cost: '2', api_parameters: '{}' }),
				state: (db, f) => db.selectFrom('ai_models').select('id').where('model_id', '=', `${f.modelKey}-neu`).execute(),
			},
			{
				name: 'delete a model',
				form: (f) => ({ intent: 'delete', id: f.modelId }),
				state: (db, f) => db.selectFrom('ai_models').select('id').where('id', '=', f.modelId).execute(),
			},
		],
	},
	'/admin/prompts': {
		url: (f) => `/admin/prompts?q=${encodeURIComponent(f.marker)}`,
		marker: (f) => f.marker,
		actions: [
			{
				// The category 'workflow' is read by no part of the product, so other tests are not affected.
				name: 'create a prompt',
				form: (f) => ({ intent: 'save', requestId: randomUUID(), name: `${f.marker}-neu`, category: 'workflow', promptText: 'Hallo {name}' }),
				state: (db, f) => db.selectFrom('admin_prompts').select('id').where('name', '=', `${f.marker}-neu`).execute(),
			},
			{
				name: 'switch a prompt on',
				form: (f) => ({ intent: 'toggle', id: f.promptId, active: 'true' }),
				state: (db, f) => db.selectFrom('admin_prompts').select('is_active').where('id', '=', f.promptId).executeTakeFirstOrThrow(),
			},
		],
	},
	'/admin/workflows': {
		url: () => '/admin/workflows',
		marker: () => WORKFLOWS[0]!.name,
		actions: [],
	},
	'/admin/toolbox': {
		url: (f) => `/admin/toolbox?q=${encodeURIComponent(f.marker)}`,
		marker: (f) => f.marker,
		actions: [
			{
				name: 'create a tool',
				form: (f) => ({ intent: 'save', requestId: randomUUID(), tool_name: `${f.toolName}N`, display_name: 'Wächter', category: 'general', icon: 'wrench', config_schema: '{}', default_settings: '{}', is_available: 'true' }),
				state: (db, f) => db.selectFrom('admin_toolbox_configs').select('id').where('tool_name', '=', `${f.toolName}N`).execute(),
			},
			{
				name: 'switch availability off',
				form: (f) => ({ intent: 'availability', id: f.toolId, available: 'false' }),
				state: (db, f) => db.selectFrom('admin_toolbox_configs').select('is_available').where('id', '=', f.toolId).executeTakeFirstOrThrow(),
			},
		],
	},
	'/admin/discount-codes': {
		url: () => '/admin/discount-codes',
		marker: (f) => f.code,
		actions: [
			{
				name: 'create a code',
				form: (f) => ({ intent: 'save', requestId: randomUUID(), code: `${f.code}N`, discountType: 'percentage', discountValue: '10', minPurchaseAmount: '0', isActive: 'on' }),
				state: (db, f) => db.selectFrom('discount_codes').select('id').where('code', '=', `${f.code}N`).execute(),
			},
			{
				name: 'switch a code off',
				form: (f) => ({ intent: 'toggle', id: f.codeId, active: 'false' }),
				state: (db, f) => db.selectFrom('discount_codes').select('is_active').where('id', '=', f.codeId).executeTakeFirstOrThrow(),
			},
			{
				name: 'delete a code',
				form: (f) => ({ intent: 'delete', id: f.codeId }),
				state: (db, f) => db.selectFrom('discount_codes').select('id').where('id', '=', f.codeId).execute(),
			},
		],
	},
	'/admin/plans': {
		url: () => '/admin/plans',
		marker: () => 'data-testid="plan-pro"',
		actions: [
			{
				// Pro's 50 channels become 51 (reset sets 50 again; the other tests' users are on Free).
				name: "set Pro's channel limit",
				form: () => ({ planId: 'pro', channelLimit: '51' }),
				state: (db) => db.selectFrom('plans').select('channel_limit').where('id', '=', 'pro').executeTakeFirstOrThrow(),
			},
		],
		reset: (db) => db.updateTable('plans').set({ channel_limit: 50 }).where('id', '=', 'pro').execute(),
	},
}

const walked = adminRoutes(routes)

test('the walk covers every admin route of the route table, and every route with an action has action probes', () => {
	expect(walked.map((r) => r.path)).toContain('/admin')
	expect(walked.map((r) => r.path)).toContain('/admin/users')
	for (const route of walked) {
		expect(probes[route.path], `no probe for ${route.path} (${route.file}): add one to this file`).toBeDefined()
		if (hasAction(route.file)) expect(probes[route.path]!.actions.length, `${route.path} has an action but no action probes`).toBeGreaterThan(0)
	}
})

async function createFixture(db: Kysely<DB>, target: TestUser): Promise<Fixture> {
	const marker = `guard-${randomUUID()}`
	const code = `G${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`
	const report = await db
		.insertInto('error_reports')
		.values({ error_message: marker, user_email: target.email, url: '/activity-logs', user_agent: 'guard', additional_info: {} })
		.returning('id')
		.executeTakeFirstOrThrow()
	const discount = await db
		.insertInto('discount_codes')
		.values({ code, description: marker, discount_type: 'percentage', discount_value: 10, is_active: true })
		.returning('id')
		.executeTakeFirstOrThrow()
	// A tool of its own (not one of the five real ones), so switching it off affects no other test.
	const toolName = `guard${randomUUID().replace(/-/g, '').slice(0, 12)}`
	const tool = await db
		.insertInto('admin_toolbox_configs')
		.values({ tool_name: toolName, display_name: marker, description: 'Guard', category: 'general' })
		.returning('id')
		.executeTakeFirstOrThrow()
	const prompt = await db.insertInto('admin_prompts').values({ name: marker, category: 'workflow', prompt_text: 'Text', is_active: false }).returning('id').executeTakeFirstOrThrow()
	const modelKey = `e2e-${toolName}`
	const model = await db.insertInto('ai_models').values({ name: marker, model_id: modelKey, category: 'language', provider: 'local', is_active: false }).returning('id').executeTakeFirstOrThrow()
	const token = await db
		.insertInto('api_tokens')
		.values({ user_id: target.id, name: marker, token_hash: randomUUID(), token_hint: 'gard', scopes: ['read'], expires_at: null })
		.returning('id')
		.executeTakeFirstOrThrow()
	return { target, marker, code, reportId: report.id, codeId: discount.id, toolId: tool.id, toolName, promptId: prompt.id, modelId: model.id, modelKey, tokenId: token.id }
}

async function cleanUp(db: Kysely<DB>, f: Fixture) {
	await db.deleteFrom('error_reports').where('id', '=', f.reportId).execute()
	await db.deleteFrom('discount_codes').where('code', 'in', [f.code, `${f.code}N`]).execute()
	await db.deleteFrom('ai_models').where('model_id', 'in', [f.modelKey, `${f.modelKey}-neu`]).execute()
	await db.deleteFrom('admin_prompts').where('name', 'in', [f.marker, `${f.marker}-neu`]).execute()
	await db.deleteFrom('admin_toolbox_configs').where('tool_name', 'in', [f.toolName, `${f.toolName}N`]).execute()
}

const post = (request: APIRequestContext, url: string, form: Record<string, string>) =>
	request.post(url, { form, headers: { origin: e2eUrl }, maxRedirects: 0, failOnStatusCode: false })

const auditRowsOf = (db: Kysely<DB>, userId: string) =>
	db.selectFrom('admin_audit_log').select((eb) => eb.fn.countAll<string>().as('n')).where('admin_id', '=', userId).executeTakeFirstOrThrow()

for (const route of walked) {
	test(`${route.path}: signed out and as a normal user nothing is shown or changed; the admin gets data and changes`, async ({ page, db, createConfirmedUser, login }) => {
		const probe = probes[route.path]
		test.skip(!probe, 'covered by the coverage test above')
		const target = await createConfirmedUser({ fullName: 'Ziel Person' })
		const f = await createFixture(db, target)
		try {
			const url = probe!.url(f)
			const marker = probe!.marker(f)

			// Signed out: documents go to the sign-in page, data requests carry nothing.
			const anonymous = page.request
			const signedOut = await anonymous.get(url, { maxRedirects: 0, failOnStatusCode: false })
			expect(signedOut.status()).toBe(302)
			expect(signedOut.headers().location).toMatch(/^\/auth\?redirectTo=/)
			const signedOutData = await anonymous.get(`${route.path}.data`, { maxRedirects: 0, failOnStatusCode: false })
			expect(await signedOutData.text()).not.toContain(marker)
			for (const action of probe!.actions) {
				const before = JSON.stringify(await action.state(db, f))
				const response = await post(anonymous, url, action.form(f))
				expect(response.status(), `${action.name} signed out`).toBe(302)
				expect(JSON.stringify(await action.state(db, f)), `${action.name} signed out changed the database`).toBe(before)
			}

			// A normal user: sent to the start page, nothing changes, no audit entry in their name.
			const user = await createConfirmedUser()
			await login(user)
			const asUser = await page.request.get(url, { maxRedirects: 0, failOnStatusCode: false })
			expect(asUser.status()).toBe(302)
			expect(asUser.headers().location).toBe('/')
			const userData = await page.request.get(`${route.path}.data`, { maxRedirects: 0, failOnStatusCode: false })
			expect(userData.status()).not.toBe(200)
			expect(await userData.text()).not.toContain(marker)
			for (const action of probe!.actions) {
				const before = JSON.stringify(await action.state(db, f))
				const response = await post(page.request, url, action.form(f))
				expect(response.status(), `${action.name} as a user`).toBe(302)
				expect(response.headers().location).toBe('/')
				const dataResponse = await post(page.request, `${route.path}.data`, action.form(f))
				expect(dataResponse.status(), `${action.name} as a user (data request)`).not.toBe(200)
				expect(JSON.stringify(await action.state(db, f)), `${action.name} as a user changed the database`).toBe(before)
			}
			expect(Number((await auditRowsOf(db, user.id)).n)).toBe(0)

			// The admin: the page with its data, and every submission changes what it should.
			await page.context().clearCookies()
			const admin = await createConfirmedUser({ admin: true })
			await login(admin)
			const asAdmin = await page.request.get(url, { maxRedirects: 0 })
			expect(asAdmin.status()).toBe(200)
			expect(await asAdmin.text()).toContain(marker)
			for (const action of probe!.actions) {
				const before = JSON.stringify(await action.state(db, f))
				const response = await post(page.request, `${route.path}.data`, action.form(f))
				expect(response.status(), `${action.name} as the admin`).toBe(200)
				expect(JSON.stringify(await action.state(db, f)), `${action.name} as the admin changed nothing`).not.toBe(before)
			}
		} finally {
			await cleanUp(db, f)
			await probe?.reset?.(db)
		}
	})
}
