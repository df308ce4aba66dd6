import type { Selectable } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import type { SecretBox } from '#modules/core/crypto.server.ts'
import type { PublishTarget, TokenSet } from './ports.ts'

// Tokens live only sealed (AES-256-GCM) in the database; these helpers are the one place that opens them.

export function sealToken(box: SecretBox, token: TokenSet) {
	return {
		access_token_encrypted: box.seal(token.accessToken),
		refresh_token_encrypted: token.refreshToken ? box.seal(token.refreshToken) : null,
		expires_at: token.expiresAt,
		scopes: token.scopes,
	}
}

type SealedToken = Pick<Selectable<DB['social_tokens']>, 'access_token_encrypted' | 'refresh_token_encrypted' | 'expires_at' | 'scopes' | 'server'>

/** The token as the adapter needs it; `server` is set at connect time and never changed by a refresh (sealToken leaves it). */
export function openToken(box: SecretBox, row: SealedToken): TokenSet {
	return {
		accessToken: box.open(row.access_token_encrypted),
		refreshToken: row.refresh_token_encrypted ? box.open(row.refresh_token_encrypted) : null,
		expiresAt: row.expires_at,
		scopes: row.scopes,
		server: row.server,
	}
}

/** Where a page's posts go: the page token where there is one (Facebook), else the account token, on the account's server. */
export function targetOf(box: SecretBox, page: SealedToken & { account_id: string; page_id: string; page_token: string | null }): PublishTarget {
	return { accountId: page.account_id, pageId: page.page_id, accessToken: page.page_token ? box.open(page.page_token) : openToken(box, page).accessToken, server: page.server }
}
