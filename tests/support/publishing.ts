// Publishing tests: the module services on a test database, with the LinkedIn adapter pointed at a
// LinkedIn sandbox fake on a loopback port, and helpers to connect an account and run due jobs.
import { randomUUID } from 'node:crypto'
import { runOnce } from 'graphile-worker'
import type { Kysely } from 'kysely'
import type pg from 'pg'
import { startLinkedinSandbox } from '#adapters/platforms/linkedin/testing.ts'
import type { DB } from '#modules/core/db.server.ts'
import { toTaskList } from '#modules/core/jobs.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { approveConsent } from './sandbox-consent.ts'
import { testServices } from './services.ts'

export async function publishingHarness(t: { db: Kysely<DB>; pool: pg.Pool }, faultPoint?: (point: 'before_send' | 'after_send') => void) {
	const li = await startLinkedinSandbox()
	const appUrl = 'http://127.0.0.1:3999'
	const composition = testServices(t.db, { SANDBOX_API_BASE: li.base, APP_URL: appUrl, PUBLISH_TIMEOUT_MS: '1000' }, faultPoint)
	const { services, tasks } = composition
	const logger = createLogger('silent')

	/** Signs a new user up (confirmed) and connects LinkedIn through the real OAuth flow against the fake. */
	async function connectedUser() {
		const email = `${randomUUID()}@beispiel.ch`
		const userId = await services.accounts.createConfirmedUser({ email, password: 'ein-langes-passwort', fullName: 'Paula Post' })
		const { url } = await services.publishing.startConnect(userId, 'linkedin')
		const { code, state } = await approveConsent(url.replace(`${appUrl}/sandbox`, li.base))
		const result = await services.publishing.completeConnect(userId, 'linkedin', { state: state!, code: code! })
		if (!result.ok) throw new Error(`connect failed: ${result.error}`)
		return { userId, email }
	}

	/** Runs every job that is due now, like a worker would. */
	async function runDueJobs() {
		await runOnce({ pgPool: t.pool, taskList: toTaskList(tasks, logger) })
	}

	return {
		li,
		composition,
		services,
		connectedUser,
		runDueJobs,
		posts: () => li.store.posts.filter((p) => p.platform === 'linkedin'),
		async [Symbol.asyncDispose]() {
			await li.close()
		},
	}
}
