// Publishing tests: the module services on a test database, with every platform adapter pointed at
// the sandbox network (all protocol fakes) on a loopback port, plus helpers to connect an account
// through the real OAuth flow and to run due jobs.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type pg from 'pg'
import { platformModules } from '#adapters/platforms/index.ts'
import { memberSub } from '#adapters/platforms/linkedin/sandbox-oauth.ts'
import { createSandboxNetwork, listenSandbox } from '#adapters/platforms/sandbox/network.ts'
import { SandboxStore } from '#adapters/platforms/sandbox/store.ts'
import type { DB } from '#modules/core/db.server.ts'
import { toTaskList } from '#modules/core/jobs.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import type { FaultPoint, Platform, createPublishingService } from '#modules/publishing/index.ts'
import { appCallbackUrls } from '#server/platforms.ts'
import { runJobsOnce } from './jobs.ts'
import { approveConsent } from './sandbox-consent.ts'
import { testServices } from './services.ts'

/** An app password in the format handle networks' sandboxes accept. */
export const SANDBOX_APP_PASSWORD = 'abcd-efgh-ijkl-mnop'

/**
 * `env`: more settings for the services (e.g. WEB_FETCH_ALLOW_HOSTS for a local webhook receiver).
 * `sandboxSecret`: what the fakes' tokens are signed with (a second fake with the same secret accepts them).
 * `appUrl`: the app's address (default http://127.0.0.1:3999; a benchmark serving /media/ files passes a free port).
 */
export async function publishingHarness(
	t: { db: Kysely<DB>; pool: pg.Pool },
	faultPoint?: (point: FaultPoint) => void,
	env: Record<string, string> = {},
	options: { sandboxSecret?: string; appUrl?: string } = {},
) {
	const store = new SandboxStore({ secret: options.sandboxSecret })
	const fakes = Object.fromEntries(platformModules.map((m) => [m.sandboxName, m.sandbox]))
	const appUrl = options.appUrl ?? 'http://127.0.0.1:3999'
	const server = await listenSandbox((base) => createSandboxNetwork({ publicBase: base, store, fakes, callbackUrls: appCallbackUrls(appUrl), controls: true }))
	const composition = testServices(t.db, { SANDBOX_API_BASE: server.base, APP_URL: appUrl, PUBLISH_TIMEOUT_MS: '1000', ...env }, faultPoint)
	const { services, tasks } = composition
	const logger = createLogger('silent')
	const sub = memberSub('Max Muster')
	const li = {
		base: server.base,
		store,
		router: server.network.routers.linkedin!,
		token: store.issueToken({ platform: 'linkedin', subject: sub, kind: 'access' }, 3600),
		person: `urn:li:person:${sub}`,
	}

	/**
	 * Connects a platform the way its connect kind does against the fake: the OAuth consent (on the
	 * instance `server` for instance networks), or a handle and an app password.
	 */
	async function connect(userId: string, platform: Platform, options: { server?: string; identifier?: string; consent?: Record<string, string | null> } = {}) {
		const kind = services.publishing.platforms.get(platform)?.connect
		if (kind === 'handle-app-password') {
			const result = await services.publishing.signIn(userId, platform, { identifier: options.identifier ?? 'paula.example', password: SANDBOX_APP_PASSWORD })
			if (!result.ok) throw new Error(`sign-in ${platform} failed: ${result.error}`)
			return
		}
		const { url } = await services.publishing.startConnect(userId, platform, kind === 'instance-oauth' ? { server: options.server ?? 'sandbox.example' } : {})
		const { code, state } = await approveConsent(url.replace(`${appUrl}/sandbox`, server.base), 'allow', options.consent)
		const result = await services.publishing.completeConnect(userId, platform, { state: state!, code: code! })
		if (!result.ok) throw new Error(`connect ${platform} failed: ${result.error}`)
	}

	/** Signs a new user up (confirmed) and connects platforms against the fakes. */
	async function connectedUser(platforms: Array<Platform> = ['linkedin']) {
		const email = `${randomUUID()}@beispiel.ch`
		const userId = await services.accounts.createConfirmedUser({ email, password: 'ein-langes-passwort', fullName: 'Paula Post' })
		for (const platform of platforms) await connect(userId, platform)
		return { userId, email }
	}

	/** Runs every job that is due now, like a worker would (`around`: a task's handler wrapped, e.g. held before it starts). */
	async function runDueJobs(around: Partial<Record<string, (run: () => Promise<void>) => Promise<void>>> = {}) {
		const list = toTaskList(tasks, logger)
		for (const [id, wrap] of Object.entries(around)) {
			const task = list[id]!
			list[id] = (payload, helpers) => wrap!(async () => void (await task(payload, helpers)))
		}
		await runJobsOnce(t.pool, list)
	}

	return {
		appUrl,
		/** The sandbox network: its base URL and the store of what every fake received. */
		sandbox: { base: server.base, store },
		li,
		routers: server.network.routers,
		composition,
		services,
		/** The publisher itself (the services' type leaves it out): a job's work, called directly. */
		publisher: (services.publishing as unknown as ReturnType<typeof createPublishingService>).publisher,
		connect,
		connectedUser,
		runDueJobs,
		posts: (platform = 'linkedin') => store.posts.filter((p) => p.platform === platform),
		async [Symbol.asyncDispose]() {
			await server.close()
		},
	}
}
