import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { z } from 'zod'

// The one place that reads process.env. Everything else receives an Env.
const booleanString = z
	.enum(['true', 'false', '1', '0'])
	.transform((v) => v === 'true' || v === '1')

/** Each web process opens up to 20 database connections: more processes by default would need a bigger Postgres. */
const MAX_DEFAULT_WEB_PROCESSES = 4

/** An absolute path to a file this process may execute (checked once at the start, not at the first video). */
const executablePath = z
	.string()
	.refine((value) => path.isAbsolute(value), 'an absolute path')
	.refine((value) => isExecutableFile(value), 'an executable file that exists')

const httpUrl = z.url({ protocol: /^https?$/, error: 'an http(s):// address' })

/** The OAuth and OpenID endpoints of Google sign-in: https only in production (tokens and keys travel there). */
const GOOGLE_ENDPOINTS = ['GOOGLE_ISSUER', 'GOOGLE_AUTHORIZATION_ENDPOINT', 'GOOGLE_TOKEN_ENDPOINT', 'GOOGLE_JWKS_URI', 'GOOGLE_USERINFO_ENDPOINT'] as const

const EnvSchema = z.object({
	APP_ENV: z.enum(['development', 'production', 'test']).default('development'),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	HOST: z.string().default('0.0.0.0'),
	APP_URL: z.url().optional(),
	DATABASE_URL: z.string().min(1).optional(),
	DATA_DIR: z.string().default('.data'),
	APP_SECRET: z.string().min(32).optional(),
	SMTP_URL: z.string().min(1).optional(),
	MAIL_FROM: z.string().default('Postwerk <no-reply@postwerk.local>'),
	GOOGLE_CLIENT_ID: z.string().min(1).optional(),
	GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
	GOOGLE_ISSUER: httpUrl.default('https://accounts.google.com'),
	GOOGLE_AUTHORIZATION_ENDPOINT: httpUrl.default('https://accounts.google.com/o/oauth2/v2/auth'),
	GOOGLE_TOKEN_ENDPOINT: httpUrl.default('https://oauth2.googleapis.com/token'),
	GOOGLE_JWKS_URI: httpUrl.default('https://www.googleapis.com/oauth2/v3/certs'),
	/** Asked for the e-mail when the ID token has none (OpenID Connect Core 5.4). */
	GOOGLE_USERINFO_ENDPOINT: httpUrl.default('https://openidconnect.googleapis.com/v1/userinfo'),
	// Social networks: each platform reads its own variables by the prefix its descriptor names
	// (LINKEDIN_*, META_*, THREADS_*; server/platforms.ts checks them). With client id and secret the
	// real API, otherwise the built-in sandbox network.
	/** Where the server itself reaches the sandbox network (default: this server on loopback). */
	SANDBOX_API_BASE: z.url().optional(),
	// AI providers: with a key the real API, otherwise the local offline provider ('Testmodus').
	OPENAI_API_KEY: z.string().min(1).optional(),
	OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
	REPLICATE_API_TOKEN: z.string().min(1).optional(),
	REPLICATE_BASE_URL: z.url().default('https://api.replicate.com/v1'),
	AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
	// YouTube: with a key the Data API (title, description); without one the oEmbed endpoint (title).
	YOUTUBE_API_KEY: z.string().min(1).optional(),
	YOUTUBE_API_BASE: z.url().default('https://www.googleapis.com/youtube/v3'),
	YOUTUBE_OEMBED_URL: z.url().default('https://www.youtube.com/oembed'),
	YOUTUBE_TRANSCRIPT_BASE: z.url().default('https://www.youtube.com'),
	/** Tests only (ignored in production): host:port pairs the SSRF-safe fetcher may reach on loopback. */
	WEB_FETCH_ALLOW_HOSTS: z.string().optional(),
	/**
	 * Development only (ignored with a log line when APP_ENV=production): host:port pairs of self-hosted
	 * servers a user may name over http, with a port and on a private address (a local Mastodon
	 * instance, a Bluesky PDS and PLC directory from @atproto/dev-env).
	 */
	DEV_INSECURE_HOSTS: z
		.string()
		.regex(/^\s*[a-z0-9.-]+:\d{1,5}\s*(?:,\s*[a-z0-9.-]+:\d{1,5}\s*)*$/i, 'comma-separated host:port pairs, e.g. localhost:3000,localhost:2583')
		.optional(),
	PUBLISH_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
	WORKER_IN_PROCESS: booleanString.default(true),
	WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(32),
	/** Web server processes on the port (node:cluster). Default: one per core, at most 4, in production; 1 otherwise. */
	WEB_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
	TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
	LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
	DEMO_USERS: booleanString.optional(),
	// Payments: with a Stripe secret key Stripe Checkout, otherwise the local test checkout ('Testmodus').
	STRIPE_SECRET_KEY: z.string().min(1).optional(),
	STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
	/** Where the Stripe SDK sends its requests (tests: the local fake); default https://api.stripe.com. */
	STRIPE_API_BASE: z.url().optional(),
	// File storage: with S3_BUCKET (and its keys) an S3-compatible object store, otherwise DATA_DIR/files.
	/** Base URL of the store (path-style requests: <endpoint>/<bucket>/<key>); default https://s3.<region>.amazonaws.com. */
	S3_ENDPOINT: z.url().optional(),
	S3_REGION: z.string().regex(/^[a-z0-9-]{2,40}$/).default('us-east-1'),
	S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3-63 lower-case letters, digits, dots and dashes').optional(),
	S3_ACCESS_KEY_ID: z.string().min(1).optional(),
	S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
	/** Key prefix inside the bucket, e.g. postwerk/ (default: none). */
	S3_PREFIX: z.string().max(200).optional(),
	/** A system ffmpeg / ffprobe instead of the ones the npm packages ship (ADR 0051). */
	FFMPEG_PATH: executablePath.optional(),
	FFPROBE_PATH: executablePath.optional(),
	/** Receives the enterprise contact requests of the pricing page. */
	SALES_EMAIL: z.email().default('vertrieb@postwerk.local'),
	/** npm run bench:http only: serves /bench/leer, a page of the app shell with nothing in it (the benchmark's empty route). */
	BENCH_EMPTY_PAGE: booleanString.default(false),
})

export type S3Settings = { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; prefix: string }

export type Env = Omit<z.infer<typeof EnvSchema>, 'APP_SECRET' | 'APP_URL' | 'WEB_PROCESSES'> & {
	APP_SECRET: string
	WEB_PROCESSES: number
	APP_URL: string
	isProduction: boolean
	dataDir: string
	/** The S3-compatible file store when S3_BUCKET is set; null: files under DATA_DIR/files. */
	s3: S3Settings | null
	/** Every non-empty variable, for settings read by a prefix a plugin names (the social platforms). */
	variables: Readonly<Record<string, string>>
	/** DEV_INSECURE_HOSTS as host:port pairs in lower case; always empty in production. */
	insecureHosts: Array<string>
	/** Development-only variables that were set but are ignored because APP_ENV=production (the start logs them). */
	ignoredDevSettings: Array<string>
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
	const cleaned = Object.fromEntries(
		Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
	) as Record<string, string>
	const parsed = EnvSchema.safeParse(cleaned)
	if (!parsed.success) {
		const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
		throw new Error(`Invalid configuration (see .env.example):\n${lines.join('\n')}`)
	}
	const env = parsed.data
	const isProduction = env.APP_ENV === 'production'
	const dataDir = path.resolve(env.DATA_DIR)
	if (isProduction && !env.APP_SECRET) {
		throw new Error('APP_SECRET (at least 32 characters) is required when APP_ENV=production')
	}
	if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
		throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (payments are fulfilled by the signed webhook)')
	}
	const plainHttp = GOOGLE_ENDPOINTS.filter((name) => new URL(env[name]).protocol !== 'https:')
	if (isProduction && plainHttp.length) {
		const what = plainHttp.length === 1 ? 'must be an https:// address' : 'must be https:// addresses'
		throw new Error(`${plainHttp.join(', ')} ${what} when APP_ENV=production (Google sign-in sends codes, the client secret and tokens there)`)
	}
	if (isProduction && !env.SMTP_URL) {
		throw new Error('SMTP_URL is required when APP_ENV=production (the development mailbox is not available there)')
	}
	return {
		...env,
		s3: s3Settings(env),
		APP_SECRET: env.APP_SECRET ?? localSecret(dataDir),
		APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
		WEB_PROCESSES: env.WEB_PROCESSES ?? (isProduction ? Math.min(availableParallelism(), MAX_DEFAULT_WEB_PROCESSES) : 1),
		isProduction,
		dataDir,
		variables: cleaned,
		insecureHosts: isProduction ? [] : hostPairs(env.DEV_INSECURE_HOSTS),
		ignoredDevSettings: isProduction && env.DEV_INSECURE_HOSTS ? ['DEV_INSECURE_HOSTS'] : [],
	}
}

function isExecutableFile(file: string) {
	try {
		fs.accessSync(file, fs.constants.X_OK)
		return fs.statSync(file).isFile()
	} catch {
		return false
	}
}

function hostPairs(list: string | undefined) {
	return (list ?? '').split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean)
}

function s3Settings(env: z.infer<typeof EnvSchema>): S3Settings | null {
	const given = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY, env.S3_PREFIX].some((v) => v !== undefined)
	if (!given) return null
	const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !env[name])
	if (missing.length) throw new Error(`The S3 file store needs ${missing.join(', ')} as well (or none of the S3_* variables for local files)`)
	return {
		endpoint: (env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`).replace(/\/$/, ''),
		region: env.S3_REGION,
		bucket: env.S3_BUCKET!,
		accessKeyId: env.S3_ACCESS_KEY_ID!,
		secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
		prefix: env.S3_PREFIX ?? '',
	}
}

// Outside production a random secret is created once and kept in the data folder,
// so sessions and encrypted tokens survive restarts without any setup.
function localSecret(dataDir: string) {
	const file = path.join(dataDir, 'app-secret')
	try {
		return fs.readFileSync(file, 'utf8').trim()
	} catch {
		fs.mkdirSync(dataDir, { recursive: true })
		const secret = randomBytes(32).toString('base64url')
		fs.writeFileSync(file, secret, { mode: 0o600 })
		return secret
	}
}
