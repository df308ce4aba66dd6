// Playwright fixtures for the e2e suite: a Kysely handle on the e2e server's database, the same
// module services the server uses (server/compose.ts), and factories that create what a journey needs.
//
//   import { expect, test, signIn, waitForMail } from '#tests/e2e/fixtures.ts'
//   test('...', async ({ page, db, createConfirmedUser }) => {
//     const user = await createConfirmedUser()
//     await signIn(page, user)
//   })
import { randomUUID } from 'node:crypto'
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import type { Kysely } from 'kysely'
import { createSessionCookie } from '#app/server/cookies.server.ts'
import type { Services } from '#modules/services.ts'
import { deriveCookieSecret } from '#modules/core/crypto.server.ts'
import { createDb, createPool, type DB } from '#modules/core/db.server.ts'
import { readEnv, type Env } from '#modules/core/env.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { composeServices, type Composition } from '#server/compose.ts'
import { encodeIdentityCookie, identityCookieName, type GoogleIdentity } from '#tests/fakes/google-oidc.ts'
import { e2eDatabaseUrl, e2eServerEnv, e2eUrl, fakeGoogleUrl } from '#tests/support/e2e.ts'
import { approveConsent } from '#tests/support/sandbox-consent.ts'

export { expect }

export type TestUser = { id: string; email: string; password: string; fullName: string; admin: boolean }

export type CreateUserOptions = { fullName?: string; email?: string; password?: string; admin?: boolean }

type TestFixtures = {
	/** A confirmed account (password sign-in works at once); removed again after the test. */
	createConfirmedUser: (options?: CreateUserOptions) => Promise<TestUser>
	/**
	 * Signs the page's browser context in without the form (for tests about something else than
	 * signing in): a real session through the accounts service, its cookie set directly.
	 */
	login: (user: { email: string; password: string }) => Promise<void>
}

type WorkerFixtures = {
	/** The e2e server's database (shared by the tests of one worker). */
	db: Kysely<DB>
	/** The e2e server's configuration (same data folder, so the same APP_SECRET). */
	env: Env
	/** The module services, built like the server builds them, on the same database. */
	services: Services
	/** The whole composition (services, tasks, the sandbox network with the server's token secret). */
	composition: Composition
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
	db: [
		// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
		async ({}, use) => {
			const pool = createPool(e2eDatabaseUrl(), 5)
			const db = createDb(pool)
			await use(db)
			await db.destroy()
		},
		{ scope: 'worker' },
	],

	env: [
		// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
		async ({}, use) => {
			await use(readEnv(e2eServerEnv()))
		},
		{ scope: 'worker' },
	],

	composition: [
		async ({ db, env }, use) => {
			await use(composeServices({ env, db, logger: createLogger('warn') }))
		},
		{ scope: 'worker' },
	],

	services: [
		async ({ composition }, use) => {
			await use(composition.services)
		},
		{ scope: 'worker' },
	],

	createConfirmedUser: async ({ db, services }, use) => {
		const created: Array<string> = []
		await use(async (options = {}) => {
			const user = {
				email: options.email ?? uniqueEmail(),
				password: options.password ?? `Pw-${randomUUID()}`,
				fullName: options.fullName ?? 'Erika Muster',
				admin: options.admin ?? false,
			}
			const id = await services.accounts.createConfirmedUser(user)
			if (user.admin) await services.accounts.grantRole(user.email, 'admin')
			created.push(id)
			return { id, ...user, email: user.email.toLowerCase() }
		})
		if (created.length) {
			await db
				.deleteFrom('users')
				.where('id', 'in', created)
				.execute()
				.catch((error: unknown) => console.warn('e2e cleanup: could not delete test users', error))
		}
	},

	login: async ({ context, services, env }, use) => {
		await use(async ({ email, password }) => {
			// A unique "IP" per login keeps the per-IP sign-in throttle out of the way.
			const result = await services.accounts.signIn({ email, password }, { ip: `e2e-${randomUUID()}`, userAgent: 'playwright login fixture' })
			if (!result.ok) throw new Error(`login(${email}) failed: ${result.error}`)
			const { name, value } = await signedSessionCookie(env, result.token)
			await context.addCookies([{ name, value, url: e2eUrl, httpOnly: true, sameSite: 'Lax' }])
		})
	},
})

// The same session cookie the server sets (app/server/cookies.server.ts), signed with the same derived secret.
async function signedSessionCookie(env: Env, token: string) {
	const cookie = createSessionCookie({ isProduction: env.isProduction, cookieSecret: deriveCookieSecret(env.APP_SECRET) })
	const header = await cookie.serialize(token)
	return { name: cookie.name, value: header.slice(cookie.name.length + 1).split(';')[0]! }
}

/** Connects a platform for a user through the app's own OAuth flow against the e2e server's sandbox (no browser). */
/** An app password in the format the sandboxes of handle networks accept. */
export const SANDBOX_APP_PASSWORD = 'abcd-efgh-ijkl-mnop'

/**
 * Connects a platform through the publishing service the way its connect kind does against the
 * sandbox: the OAuth consent (instance networks on 'sandbox.example'), or a handle and an app password.
 */
export async function connectPlatform(services: Services, userId: string, platform: string) {
	const kind = services.publishing.platforms.get(platform)?.connect
	if (kind === 'handle-app-password') {
		const result = await services.publishing.signIn(userId, platform, { identifier: 'paula.example', password: SANDBOX_APP_PASSWORD })
		if (!result.ok) throw new Error(`sign-in ${platform} failed: ${result.error}`)
		return
	}
	const { url } = await services.publishing.startConnect(userId, platform, kind === 'instance-oauth' ? { server: 'sandbox.example' } : {})
	const { code, state } = await approveConsent(url)
	const result = await services.publishing.completeConnect(userId, platform, { code: code!, state: state! })
	if (!result.ok) throw new Error(`connect ${platform} failed: ${result.error}`)
}

/** A unique, valid address per call, so tests never share an account. */
export function uniqueEmail(prefix = 'e2e') {
	return `${prefix}-${randomUUID()}@example.com`
}

/** Opens a page and waits until React has hydrated it, so the first click is not lost. */
/**
 * A finger's target (44 px high; and wide with `square`), measured until the element has settled: a
 * dialog's open animation scales its content, so a box read in the first frames is a few px smaller.
 */
export async function expectTouchTarget(locator: Locator, { square = false }: { square?: boolean } = {}) {
	const shortSide = async () => {
		const box = await locator.boundingBox()
		return box ? Math.min(box.height, square ? box.width : Number.POSITIVE_INFINITY) : 0
	}
	await expect.poll(shortSide, { message: `touch target ${locator}` }).toBeGreaterThanOrEqual(44)
}

export async function gotoReady(page: Page, path: string) {
	const response = await page.goto(path)
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	return response
}

/** Waits until the page's live event stream (/events) is open, so a change made now reaches it. */
export async function waitForLive(page: Page) {
	await page.locator('html[data-live="open"]').waitFor({ state: 'attached' })
}

/** Signs in through the form at /auth and waits until the browser has left it. */
export async function signIn(page: Page, { email, password }: { email: string; password: string }) {
	await gotoReady(page, '/auth')
	await page.getByLabel('E-Mail').fill(email)
	await page.getByLabel('Passwort', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
	await expect(page, `sign-in as ${email} stayed on /auth (wrong password? e-mail not confirmed?)`).not.toHaveURL(/\/auth(\?|$)/)
}

export type Mail = { to: string; subject: string; text: string; html: string; createdAt: Date }

/** Mails the dev mailbox holds for `email`, newest first. */
export async function readMailbox(db: Kysely<DB>, email: string): Promise<Array<Mail>> {
	const rows = await db
		.selectFrom('dev_mailbox')
		.select(['to_address', 'subject', 'text_body', 'html_body', 'created_at'])
		.where('to_address', '=', email.toLowerCase())
		.orderBy('created_at', 'desc')
		.execute()
	return rows.map((r) => ({ to: r.to_address, subject: r.subject, text: r.text_body, html: r.html_body, createdAt: r.created_at }))
}

/** Mails are sent by a background job: waits for the newest one to `email` (optionally matching a subject). */
export async function waitForMail(db: Kysely<DB>, email: string, options: { subject?: string | RegExp; timeout?: number } = {}) {
	const matches = (mail: Mail) =>
		options.subject === undefined ||
		(typeof options.subject === 'string' ? mail.subject.includes(options.subject) : options.subject.test(mail.subject))
	let found: Mail | undefined
	await expect
		.poll(async () => (found = (await readMailbox(db, email)).find(matches)), {
			message: `no mail to ${email}${options.subject ? ` with subject ${String(options.subject)}` : ''}`,
			timeout: options.timeout ?? 15_000,
		})
		.toBeDefined()
	return found!
}

/** The first link in a mail's text that starts with `startsWith` (e.g. `${baseURL}/auth/confirm`). */
export function linkIn(mail: Mail, startsWith = 'http') {
	const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) => url.startsWith(startsWith))
	if (!link) throw new Error(`No link starting with ${startsWith} in mail "${mail.subject}"`)
	return link
}

/** A Google identity unique to the calling test. */
export function googleIdentity(overrides: Partial<GoogleIdentity> = {}): GoogleIdentity {
	return {
		sub: String(Date.now()) + String(Math.floor(Math.random() * 1e6)).padStart(6, '0'),
		email: uniqueEmail('google'),
		email_verified: true,
		name: 'Gina Google',
		...overrides,
	}
}

/**
 * Chooses who the fake Google signs in for this browser context only (a cookie the fake reads),
 * so parallel tests never see each other's identity.
 */
export async function useGoogleIdentity(context: BrowserContext, identity: GoogleIdentity) {
	await context.addCookies([{ name: identityCookieName, value: encodeIdentityCookie(identity), url: fakeGoogleUrl }])
	return identity
}
