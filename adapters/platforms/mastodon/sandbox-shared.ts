import { json, type FakeRequest, type FakeResponse, type FakeRouter } from '../sandbox/fake-http.ts'
import type { SandboxStore } from '../sandbox/store.ts'
import { splitUserHost } from '../sandbox/user-hosts.ts'

// What every route of the Mastodon fake shares: which hosts it plays an instance for, the one account
// each instance has, Mastodon's error bodies and bearer tokens.

/** The one account of every sandbox instance: '@testperson@<host>'. */
export const SANDBOX_ACCOUNT = { id: '4711', username: 'testperson', displayName: 'Testperson (Testmodus)', followers: 42, following: 7 }

/** Statuses and comments (they are statuses too) get numeric ids like Mastodon's. */
export const STATUS_ID_PREFIX = '1100'

export const TEN_YEARS_S = 10 * 365 * 24 * 3600

/** Hosts starting with this play a web server that is not Mastodon (every path answers 404 HTML). */
export const NOT_MASTODON_PREFIX = 'kein-mastodon.'
/** Hosts starting with this allow 1000 characters instead of 500. */
export const LONG_TEXT_PREFIX = 'lang.'

const DNS_NAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(?:\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/

export function textLimitOf(host: string) {
	return host.startsWith(LONG_TEXT_PREFIX) ? 1000 : 500
}

/** The store's authorId of the instance's account (shown on the sandbox feed page). */
export const ownAuthor = (host: string) => `@${SANDBOX_ACCOUNT.username}@${host}`

export const error = (status: number, message: string, extra: Record<string, string> = {}) => json(status, { error: message, ...extra })

export const invalidToken = () => error(401, 'The access token is invalid')

export const notFound = () => error(404, 'Record not found')

export const html = (status: number, body: string): FakeResponse => ({ status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, raw: body })

const notMastodon = () => html(404, '<!doctype html><html lang="de"><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>Hier gibt es keinen Mastodon-Server.</p></body></html>')

export type InstanceHandler = (req: FakeRequest, host: string) => FakeResponse | Promise<FakeResponse>

/**
 * Registers `METHOD /path` for every instance host: 'GET /api/v2/instance' serves
 * '/host/<host>/api/v2/instance'. Hosts that are no DNS names, and 'kein-mastodon.*', answer 404 HTML.
 */
export function instanceRoute(router: FakeRouter, name: string, handler: InstanceHandler, options: { streamed?: boolean } = {}) {
	const [method, path] = name.split(' ') as [string, string]
	router.on(
		`${method} /host/:host${path}`,
		(req) => {
			const host = splitUserHost(req.path)?.host ?? ''
			if (!DNS_NAME.test(host) || host.startsWith(NOT_MASTODON_PREFIX)) return notMastodon()
			return handler(req, host)
		},
		options,
	)
}

/** A parameter from the query, a form body or a JSON body (Mastodon takes all three). */
export function param(req: FakeRequest, name: string): string | null {
	const fromJson = (req.json as Record<string, unknown> | null)?.[name]
	if (typeof fromJson === 'string') return fromJson
	return req.query.get(name) ?? req.form.get(name)
}

/** An array parameter: a JSON array, or 'name[]' form fields. */
export function paramList(req: FakeRequest, name: string): Array<string> {
	const fromJson = (req.json as Record<string, unknown> | null)?.[name]
	if (Array.isArray(fromJson)) return fromJson.map(String)
	return [...req.form.getAll(`${name}[]`), ...req.query.getAll(`${name}[]`)]
}

export function bearer(req: FakeRequest) {
	return /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null
}

/** Whether the request carries a valid user token of this instance; a response when it does not. */
export function authorize(store: SandboxStore, req: FakeRequest, host: string): FakeResponse | null {
	const claims = store.verifyToken(bearer(req))
	if (!claims || claims.platform !== 'mastodon' || claims.kind !== 'user' || claims.subject !== host) return invalidToken()
	return null
}

export function issueUserToken(store: SandboxStore, host: string) {
	return store.issueToken({ platform: 'mastodon', subject: host, kind: 'user' }, TEN_YEARS_S)
}
