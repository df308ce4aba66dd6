// Shared with the browser (Settings › API & Integrationen): what a personal API token may do.

/** read: everything to read; posts: create, plan, publish, change, delete; generate: spend credits on AI; webhooks: manage endpoints. */
export const API_SCOPES = ['read', 'posts', 'generate', 'webhooks'] as const
export type ApiScope = (typeof API_SCOPES)[number]

export function isApiScope(value: unknown): value is ApiScope {
	return typeof value === 'string' && (API_SCOPES as ReadonlyArray<string>).includes(value)
}

/** A token's secret: the prefix says what it is (secret scanners and people recognise it). */
export const TOKEN_PREFIX = 'pw_'

/** A token's view in the settings: never the secret, only its last characters. */
export type ApiTokenView = {
	id: string
	name: string
	hint: string
	scopes: Array<ApiScope>
	expiresAt: string | null
	lastUsedAt: string | null
	createdAt: string
	revokedAt: string | null
}

/** Calls per token and minute (fixed window, counted in Postgres). */
export const API_RATE_LIMIT = { limit: 120, windowSeconds: 60 } as const
