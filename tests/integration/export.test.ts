// 'Daten exportieren' (GET /settings/export): every module's part of the user's data, assembled by the
// route. Two users with a row in every table that holds user data: the one's export holds all of
// theirs, nothing of the other's, and none of the secrets (password hash, session and token hashes,
// OAuth and page tokens).
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { servicesContext, userContext } from '#app/context.ts'
import { loader } from '#app/routes/settings.export.ts'
import type { Db } from '#modules/core/db.server.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'

/** Tables with a user_id column that the export covers, by the export key that shows their rows. */
const covered: Record<string, string> = {
	credit_transactions: 'ledger',
	user_roles: 'roles',
	user_identities: 'signInMethods',
	sessions: 'sessions',
	api_tokens: 'apiTokens',
	oauth_grants: 'connectedApps',
	agent_configurations: 'agents',
	posts: 'posts',
	post_media: 'postMedia',
	drafts: 'drafts',
	social_tokens: 'socialAccounts',
	channels: 'channels',
	brands: 'brands',
	post_deliveries: 'deliveries',
	comment_replies: 'commentReplies',
	activity_logs: 'activity',
	error_reports: 'errorReports',
	content_settings: 'settings.content',
	news_items: 'newsItems',
	content_ideas: 'contentIdeas',
	user_news_generation_log: 'newsGenerationLog',
	toolbox_settings: 'settings.toolbox',
	tool_runs: 'toolRuns',
	birthday_contacts: 'birthdayContacts',
	generations: 'generations',
	uploads: 'uploads',
	model_tests: 'modelTests',
	user_model_likes: 'modelLikes',
	user_model_favorites: 'modelFavorites',
	payments: 'payments',
	subscriptions: 'subscriptions',
	discount_redemptions: 'discountRedemptions',
	enterprise_requests: 'enterpriseRequests',
	webhook_endpoints: 'webhookEndpoints',
	webhook_messages: 'webhookMessages',
}

/**
 * Left out on purpose: secrets (email_tokens, oauth_states) and request_keys (the idempotency keys of
 * creates: a hash of the input and a copy of the answer, whose rows are exported in their own tables) and
 * post_figures (counts and sums of the user's posts, which are exported), csv_import_progress (how far a
 * running CSV import is, for the dialog's progress bar; its posts are exported), publication_outbox (publishing's
 * record of each publication for its consumers, kept a day; the deliveries, activity and webhook messages are exported),
 * media_variants (the processing state of an uploaded video and the keys of the copies made of it; the upload and the
 * post's media are exported), oauth_authorizations (a pending consent and its one-time code, kept ten minutes; the
 * grant it makes is exported).
 */
const leftOut = new Set(['email_tokens', 'oauth_states', 'oauth_authorizations', 'request_keys', 'post_figures', 'csv_import_progress', 'publication_outbox', 'media_variants'])

const password = 'richtig-langes-Passwort'

type Seeded = { ids: Array<string>; marker: string; secrets: Array<string> }

/** One row (or more) in every covered table, each carrying `marker` where a text column allows it. */
async function seed(db: Db, userId: string, marker: string, modelIds: { like: string; favorite: string }): Promise<Seeded> {
	const ids: Array<string> = []
	const keep = <T extends { id: string }>(row: T) => (ids.push(row.id), row)
	const secrets = [`session-hash-${marker}`, `email-token-hash-${marker}`, `oauth-state-hash-${marker}`, `oauth-verifier-${marker}`, `access-token-${marker}`, `refresh-token-${marker}`, `page-token-${marker}`]
	const [sessionHash, emailTokenHash, stateHash, verifier, accessToken, refreshToken, pageToken] = secrets as [string, string, string, string, string, string, string]
	const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()
	secrets.push(user.password_hash!)

	await db.updateTable('users').set({ time_zone: 'Europe/Berlin', notify_failed_posts: false }).where('id', '=', userId).execute()
	// Roles and sign-in methods are exported without their row ids.
	await db.insertInto('user_roles').values({ user_id: userId, role: 'user' }).execute()
	await db.insertInto('user_identities').values({ user_id: userId, provider: 'google', subject: `google-subject-${marker}`, email: `${marker}@gmail.example` }).execute()
	secrets.push(`google-subject-${marker}`)
	await db.insertInto('sessions').values({ id: sessionHash, user_id: userId, expires_at: new Date(Date.now() + 86_400_000), ip: '10.1.2.3', user_agent: `browser-${marker}` }).execute()
	keep(await db.insertInto('api_tokens').values({ user_id: userId, name: `Token ${marker}`, token_hash: `api-token-hash-${marker}`, token_hint: 'abcd', scopes: ['read'] }).returning('id').executeTakeFirstOrThrow())
	secrets.push(`api-token-hash-${marker}`)
	const oauthClient = await db.insertInto('oauth_clients').values({ client_name: `App ${marker}`, redirect_uris: ['https://app.example/callback'], token_endpoint_auth_method: 'client_secret_post', client_secret_hash: `client-secret-hash-${marker}` }).returning('id').executeTakeFirstOrThrow()
	secrets.push(`client-secret-hash-${marker}`)
	keep(await db.insertInto('oauth_grants').values({ user_id: userId, client_id: oauthClient.id, scopes: ['read'], audience: 'mcp', resource: 'http://127.0.0.1/mcp' }).returning('id').executeTakeFirstOrThrow())
	await db.insertInto('email_tokens').values({ user_id: userId, purpose: 'reset_password', token_hash: emailTokenHash, expires_at: new Date(Date.now() + 3_600_000) }).execute()
	await db.insertInto('oauth_states').values({ state_hash: stateHash, user_id: userId, platform: 'linkedin', code_verifier_encrypted: verifier, expires_at: new Date(Date.now() + 600_000) }).execute()
	keep(await db.insertInto('credit_transactions').values({ user_id: userId, credits_amount: 5, transaction_type: 'bonus', balance_after: 55, reference: `ref-${marker}` }).returning('id').executeTakeFirstOrThrow())

	const agent = keep(
		await db
			.insertInto('agent_configurations')
			.values({ user_id: userId, name: `Agent ${marker}`, style_profile: { summary: marker }, logo_url: `/media/logos/${marker}.png` })
			.returning('id')
			.executeTakeFirstOrThrow(),
	)
	const post = keep(
		await db
			.insertInto('posts')
			.values({ user_id: userId, platform: 'linkedin', content: `Beitrag ${marker}`, ai_label: 'on' })
			.returning(['id', 'brand_id'])
			.executeTakeFirstOrThrow(),
	)
	keep(
		await db
			.insertInto('post_media')
			.values({ post_id: post.id, user_id: userId, brand_id: post.brand_id, position: 0, kind: 'image', url: `/media/${marker}.jpg`, networks: ['linkedin'], alt_text: `Alt ${marker}`, source: 'upload' })
			.returning('id')
			.executeTakeFirstOrThrow(),
	)
	keep(await db.insertInto('drafts').values({ user_id: userId, title: `Entwurf ${marker}`, platforms: ['linkedin'] }).returning('id').executeTakeFirstOrThrow())

	const token = keep(
		await db
			.insertInto('social_tokens')
			.values({ user_id: userId, platform: 'facebook', account_id: `acct-${marker}`, account_name: `Konto ${marker}`, access_token_encrypted: accessToken, refresh_token_encrypted: refreshToken })
			.returning('id')
			.executeTakeFirstOrThrow(),
	)
	const page = keep(
		await db
			.insertInto('channels')
			.values({ user_id: userId, social_token_id: token.id, platform: 'facebook', page_id: `page-${marker}`, page_name: `Seite ${marker}`, access_token_encrypted: pageToken })
			.returning('id')
			.executeTakeFirstOrThrow(),
	)
	const delivery = keep(
		await db
			.insertInto('post_deliveries')
			.values({ user_id: userId, post_id: post.id, platform: 'linkedin', channel_id: page.id, status: 'published', published_at: new Date(), external_id: `ext-${marker}` })
			.returning('id')
			.executeTakeFirstOrThrow(),
	)
	keep(
		await db
			.insertInto('comment_replies')
			.values({ user_id: userId, delivery_id: delivery.id, platform: 'linkedin', comment_id: `c-${marker}`, template: 'Danke!', reply_text: `Danke ${marker}` })
			.returning('id')
			.executeTakeFirstOrThrow(),
	)

	const log = keep(await db.insertInto('activity_logs').values({ user_id: userId, log_type: 'error', title: `Fehler ${marker}`, status: 'error' }).returning('id').executeTakeFirstOrThrow())
	keep(
		await db
			.insertInto('error_reports')
			.values({ user_id: userId, activity_log_id: log.id, error_message: `Meldung ${marker}`, admin_notes: `admin-note-${marker}` })
			.returning('id')
			.executeTakeFirstOrThrow(),
	)
	secrets.push(`admin-note-${marker}`)

	await db.insertInto('content_settings').values({ user_id: userId, niche: `Nische ${marker}`, news_feeds: [`https://feeds.example/${marker}.xml`] }).execute()
	keep(await db.insertInto('news_items').values({ user_id: userId, title: `News ${marker}` }).returning('id').executeTakeFirstOrThrow())
	keep(await db.insertInto('content_ideas').values({ user_id: userId, title: `Idee ${marker}` }).returning('id').executeTakeFirstOrThrow())
	keep(await db.insertInto('user_news_generation_log').values({ user_id: userId, last_generated_date: '2026-11-20' }).returning('id').executeTakeFirstOrThrow())

	keep(await db.insertInto('toolbox_settings').values({ user_id: userId, tool_name: 'autoReply', is_enabled: true, settings: JSON.stringify({ note: marker }) }).returning('id').executeTakeFirstOrThrow())
	keep(await db.insertInto('tool_runs').values({ user_id: userId, tool_name: 'autoReply', run_key: `run-${marker}`, summary: `Lauf ${marker}` }).returning('id').executeTakeFirstOrThrow())
	keep(await db.insertInto('birthday_contacts').values({ user_id: userId, name: `Kontakt ${marker}`, birth_month: 5, birth_day: 17, platform: 'linkedin' }).returning('id').executeTakeFirstOrThrow())

	keep(
		await db
			.insertInto('generations')
			.values({ user_id: userId, kind: 'content', agent_configuration_id: agent.id, input_summary: `Eingabe ${marker}`, result: JSON.stringify({ text: marker }) })
			.returning('id')
			.executeTakeFirstOrThrow(),
	)
	keep(await db.insertInto('uploads').values({ user_id: userId, kind: 'post_image', storage_key: `uploads/${marker}.jpg`, content_type: 'image/jpeg', byte_size: 123 }).returning('id').executeTakeFirstOrThrow())

	keep(await db.insertInto('model_tests').values({ user_id: userId, model_id: 'local-text', category: 'language', prompt: `Test ${marker}` }).returning('id').executeTakeFirstOrThrow())
	await db.insertInto('user_model_likes').values({ user_id: userId, model_id: modelIds.like }).execute()
	await db.insertInto('user_model_favorites').values({ user_id: userId, model_id: modelIds.favorite }).execute()

	const payment = keep(
		await db
			.insertInto('payments')
			.values({ user_id: userId, kind: 'credit_pack', credit_pack_id: 'credits_500', credits: 500, amount_chf: '36.00', discount_amount_chf: '4.00', provider: 'test', provider_session_id: `cs_${marker}`, status: 'paid', paid_at: new Date() })
			.returning('id')
			.executeTakeFirstOrThrow(),
	)
	keep(
		await db
			.insertInto('subscriptions')
			.values({ user_id: userId, plan_id: 'pro', provider: 'test', provider_subscription_id: `sub_${marker}`, current_period_start: new Date('2026-11-01T00:00:00Z'), current_period_end: new Date('2026-12-01T00:00:00Z') })
			.returning('id')
			.executeTakeFirstOrThrow(),
	)
	keep(await db.insertInto('discount_redemptions').values({ user_id: userId, payment_id: payment.id, code: `CODE${marker}`.slice(0, 30), amount_chf: '4.00' }).returning('id').executeTakeFirstOrThrow())
	const sealed = `v1:sealed-webhook-secret-${marker}`
	secrets.push(sealed)
	const endpoint = keep(await db.insertInto('webhook_endpoints').values({ user_id: userId, url: `https://hooks.example/${marker}`, events: ['post.published'], secret_sealed: sealed }).returning('id').executeTakeFirstOrThrow())
	const message = `msg_${randomUUID().replaceAll('-', '')}`
	ids.push(message)
	await db.insertInto('webhook_messages').values({ id: message, endpoint_id: endpoint.id, user_id: userId, event_type: 'post.published', body: JSON.stringify({ marker }) }).execute()
	await db.insertInto('webhook_attempts').values({ message_id: message, endpoint_id: endpoint.id, attempt: 1, status_code: 200, duration_ms: 12 }).execute()
	keep(await db.insertInto('enterprise_requests').values({ user_id: userId, name: `Anfrage ${marker}`, email: `${marker}@firma.example` }).returning('id').executeTakeFirstOrThrow())
	return { ids, marker, secrets }
}

async function exportOf(services: ReturnType<typeof testServices>['services'], userId: string) {
	const account = await services.accounts.getAccountSettings(userId)
	const context = new RouterContextProvider()
	context.set(servicesContext, services)
	context.set(userContext, { id: userId, email: account!.email, fullName: account!.fullName, timeZone: account!.timeZone, subscriptionType: 'free', plan: null, creditsRemaining: 0, creditsTotal: 0, isAdmin: false, spelling: null })
	const response = await loader({ request: new Request('http://127.0.0.1/settings/export'), context, params: {} } as never)
	expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
	expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="postwerk-export-\d{4}-\d{2}-\d{2}\.json"$/)
	const text = await response.text()
	return { text, json: JSON.parse(text) as Record<string, unknown> }
}

const at = (json: Record<string, unknown>, key: string): unknown => key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | null)?.[part], json)

test('every table with a user_id column is exported or left out on purpose', async () => {
	await using t = await createTestDatabase()
	const { rows } = await sql<{ table_name: string }>`select distinct table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id'`.execute(t.db)
	const tables = rows.map((r) => r.table_name).sort()
	expect(tables.filter((name) => !(name in covered) && !leftOut.has(name))).toEqual([])
})

test('the export holds every row of the user, nothing of another user and no secrets', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const models = await t.db
		.insertInto('ai_models')
		.values([
			{ name: 'Export Modell A', model_id: `export-a-${randomUUID()}`, category: 'image', provider: 'local' },
			{ name: 'Export Modell B', model_id: `export-b-${randomUUID()}`, category: 'image', provider: 'local' },
		])
		.returning(['id', 'model_id'])
		.execute()
	const [a, b] = models as [{ id: string; model_id: string }, { id: string; model_id: string }]
	const annaEmail = `${randomUUID()}@beispiel.ch`
	const anna = await services.accounts.createConfirmedUser({ email: annaEmail, password, fullName: 'Anna Export' })
	const ben = await services.accounts.createConfirmedUser({ email: `${randomUUID()}@beispiel.ch`, password, fullName: 'Ben Anders' })
	const mine = await seed(t.db, anna, `anna-${randomUUID()}`, { like: a.id, favorite: b.id })
	const theirs = await seed(t.db, ben, `ben-${randomUUID()}`, { like: b.id, favorite: a.id })

	const { text, json } = await exportOf(services, anna)

	// Everything of Anna's: every seeded id, every covered table's export key filled.
	for (const id of mine.ids) expect(text, id).toContain(id)
	for (const [table, key] of Object.entries(covered)) {
		const value = at(json, key)
		expect(value, `${table} -> ${key}`).toBeTruthy()
		if (Array.isArray(value)) expect(value.length, `${table} -> ${key}`).toBeGreaterThan(0)
	}
	expect(json.profile).toMatchObject({ id: anna, email: annaEmail, fullName: 'Anna Export', creditsRemaining: 50 })
	expect(json.settings).toMatchObject({ timeZone: 'Europe/Berlin', notifyFailedPosts: false, content: { niche: `Nische ${mine.marker}`, news_feeds: [`https://feeds.example/${mine.marker}.xml`] } })
	expect((json.ledger as Array<{ type: string }>).map((e) => e.type).sort()).toEqual(['bonus', 'signup_bonus'])
	expect(json.posts).toEqual([expect.objectContaining({ content: `Beitrag ${mine.marker}`, ai_label: 'on' })])
	expect(json.postMedia).toEqual([expect.objectContaining({ position: 0, url: `/media/${mine.marker}.jpg`, networks: ['linkedin'], alt_text: `Alt ${mine.marker}`, ai_generated: false })])
	expect(json.agents).toEqual([expect.objectContaining({ name: `Agent ${mine.marker}`, style_profile: { summary: mine.marker }, logo_url: `/media/logos/${mine.marker}.png` })])
	expect(json.modelLikes).toEqual([expect.objectContaining({ modelId: a.model_id, modelName: 'Export Modell A' })])
	expect(json.modelFavorites).toEqual([expect.objectContaining({ modelId: b.model_id, modelName: 'Export Modell B' })])
	expect(json.sessions).toEqual([expect.objectContaining({ ip: '10.1.2.3', user_agent: `browser-${mine.marker}` })])
	expect(json.signInMethods).toEqual([expect.objectContaining({ provider: 'google', email: `${mine.marker}@gmail.example` })])
	expect(json.uploads).toEqual([expect.objectContaining({ storage_key: `uploads/${mine.marker}.jpg`, byte_size: 123 })])
	// Timestamps as ISO strings.
	expect((json.posts as Array<{ created_at: string }>)[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)

	// Nothing of Ben's.
	expect(text).not.toContain(ben)
	expect(text).not.toContain(theirs.marker)
	for (const id of theirs.ids) expect(text, id).not.toContain(id)

	// No secrets and no user_id columns.
	for (const secret of [...mine.secrets, ...theirs.secrets]) expect(text, secret).not.toContain(secret)
	expect(text).not.toContain('argon2')
	expect(text).not.toMatch(/password|token_hash|_encrypted|state_hash|"user_id"/)
})

test('a signed-out request is sent to the sign-in page', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const context = new RouterContextProvider()
	context.set(servicesContext, services)
	const thrown = await Promise.resolve(loader({ request: new Request('http://127.0.0.1/settings/export'), context, params: {} } as never)).catch((error: unknown) => error)
	expect(thrown).toBeInstanceOf(Response)
	expect((thrown as Response).status).toBe(302)
	expect((thrown as Response).headers.get('location')).toMatch(/^\/auth\?redirectTo=/)
})
