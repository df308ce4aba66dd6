// End-to-end tests against the production build (`npm run test:e2e` builds first), served by
// server/index.ts on a fresh embedded Postgres in .data/e2e, with Google sign-in pointed at the
// local fake (tests/fakes/google-oidc.ts). Web servers start before globalSetup, so the data
// folder is reset by the server command itself (tests/support/reset-e2e-data.ts).
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { e2eServerEnv, e2eUrl, fakeGoogleClient, fakeGooglePort, fakeGoogleUrl, fakeWebhookPort, fakeWebhookUrl, fakeWebPort, fakeWebUrl } from './tests/support/e2e.ts'

const root = import.meta.dirname
// The Node version pinned in node_modules, whatever `node` is on the PATH.
const node = path.join(root, 'node_modules/.bin/node')
const ci = Boolean(process.env.CI)

const chromium = {
	...devices['Desktop Chrome'],
	launchOptions: {
		executablePath: '/usr/bin/chromium',
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--use-fake-ui-for-media-stream',
			'--use-fake-device-for-media-stream',
		],
	},
}

export default defineConfig({
	testDir: 'tests/e2e',
	globalSetup: './tests/e2e/global-setup.ts',
	fullyParallel: true,
	workers: 2,
	retries: ci ? 1 : 0,
	forbidOnly: ci,
	// Hang guards, not budgets (ADR 0042): a passing test never waits for them, and on two shared cores
	// beside other work a server action or a page takes several times its quiet-machine time.
	timeout: 60_000,
	expect: { timeout: 15_000 },
	reporter: ci ? [['list'], ['html', { open: 'never' }]] : [['list']],
	use: {
		baseURL: e2eUrl,
		locale: 'de-CH',
		timezoneId: 'Europe/Zurich',
		trace: 'on-first-retry',
		actionTimeout: 20_000,
		navigationTimeout: 30_000,
	},
	// Specs named *.global.spec.ts change configuration that every user shares (a tool's availability,
	// an active admin prompt): they run after all other specs, so no parallel test sees the change.
	projects: [
		{
			name: 'chromium',
			testIgnore: /\.global\.spec\.ts$/,
			use: chromium,
		},
		{
			name: 'global',
			testMatch: /\.global\.spec\.ts$/,
			dependencies: ['chromium'],
			use: chromium,
		},
	],
	webServer: [
		{
			name: 'google',
			command: `"${node}" tests/fakes/google-oidc.ts`,
			url: `${fakeGoogleUrl}/.well-known/openid-configuration`,
			env: {
				FAKE_GOOGLE_PORT: String(fakeGooglePort),
				GOOGLE_CLIENT_ID: fakeGoogleClient.id,
				GOOGLE_CLIENT_SECRET: fakeGoogleClient.secret,
				FAKE_GOOGLE_REDIRECT_URI: `${e2eUrl}/auth/google/callback`,
			},
			reuseExistingServer: false,
			timeout: 30_000,
			gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
		},
		{
			name: 'web',
			command: `"${node}" tests/fakes/web.ts`,
			url: `${fakeWebUrl}/artikel/ki-im-mittelstand`,
			env: { FAKE_WEB_PORT: String(fakeWebPort) },
			reuseExistingServer: false,
			timeout: 30_000,
			gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
		},
		{
			name: 'webhooks',
			command: `"${node}" tests/fakes/webhook-receiver.ts`,
			url: `${fakeWebhookUrl}/__requests`,
			env: { FAKE_WEBHOOK_PORT: String(fakeWebhookPort) },
			reuseExistingServer: false,
			timeout: 30_000,
			gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
		},
		{
			name: 'app',
			command: `"${node}" tests/support/reset-e2e-data.ts && exec "${node}" server/index.ts`,
			url: `${e2eUrl}/landing`,
			env: e2eServerEnv(),
			reuseExistingServer: false,
			timeout: 120_000,
			// SIGTERM lets the server stop its worker and the embedded Postgres cleanly.
			gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
			stdout: 'pipe',
			stderr: 'pipe',
		},
	],
})
