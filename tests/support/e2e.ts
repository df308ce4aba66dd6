// The one place for the e2e run's addresses and settings, read by playwright.config.ts (to start
// the servers) and by tests/e2e/fixtures.ts (to reach the same database and build the same services).
import fs from 'node:fs'
import path from 'node:path'
import { fakeGoogleEnv } from '#tests/fakes/google-oidc.ts'
import { fakeWebEnv } from '#tests/fakes/web.ts'
import { root } from './test-database.ts'

// E2E_PORT moves the app and its fakes (port, port+99, port+98, port+97), so two checkouts can run the browser tests side by side.
export const e2ePort = Number(process.env.E2E_PORT ?? 3100)
export const e2eUrl = `http://127.0.0.1:${e2ePort}`
export const e2eDataDir = path.join(root, '.data/e2e')
export const fakeGooglePort = e2ePort + 99
export const fakeGoogleUrl = `http://127.0.0.1:${fakeGooglePort}`
/** Web articles and YouTube for the creator (tests/fakes/web.ts). */
export const fakeWebPort = e2ePort + 98
export const fakeWebUrl = `http://127.0.0.1:${fakeWebPort}`
/** The webhook receiver (tests/fakes/webhook-receiver.ts), allow-listed for the app's deliveries. */
export const fakeWebhookPort = e2ePort + 97
export const fakeWebhookUrl = `http://127.0.0.1:${fakeWebhookPort}`
export const fakeGoogleClient = { id: 'postwerk-e2e.apps.googleusercontent.com', secret: 'postwerk-e2e-secret' }

/** The environment of the app server under test (E2E_DATABASE_URL: use that Postgres instead of a fresh embedded one). */
export function e2eServerEnv(): Record<string, string> {
	return {
		PORT: String(e2ePort),
		HOST: '127.0.0.1',
		APP_URL: e2eUrl,
		APP_ENV: 'test',
		DATA_DIR: e2eDataDir,
		DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
		DEMO_USERS: 'false',
		SMTP_URL: '',
		LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
		...fakeGoogleEnv(fakeGoogleUrl, fakeGoogleClient.id, fakeGoogleClient.secret),
		...fakeWebEnv(fakeWebUrl),
		WEB_FETCH_ALLOW_HOSTS: [new URL(fakeWebUrl).host, new URL(fakeWebhookUrl).host].join(','),
	}
}

/** The database of the running e2e server: E2E_DATABASE_URL, or the embedded one it announced in pg-instance.json. */
export function e2eDatabaseUrl() {
	if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL
	const file = path.join(e2eDataDir, 'pg-instance.json')
	let instance: { port: number; password: string; database: string }
	try {
		instance = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof instance
	} catch {
		throw new Error(`${file} is missing: the e2e server (webServer in playwright.config.ts) did not start its embedded Postgres`)
	}
	return `postgres://postgres:${encodeURIComponent(instance.password)}@127.0.0.1:${instance.port}/${instance.database}`
}
