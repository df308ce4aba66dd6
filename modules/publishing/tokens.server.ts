import type { Selectable } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'
import type { SecretBox } from '#modules/core/crypto.server.ts'
import type { TokenSet } from './ports.ts'

// Tokens live only sealed (AES-256-GCM) in the database; these helpers are the one place that opens them.

export function sealToken(box: SecretBox, token: TokenSet) {
	return {
		access_token_encrypted: box.seal(token.accessToken),
		refresh_token_encrypted: token.refreshToken ? box.seal(token.refreshToken) : null,
		expires_at: token.expiresAt,
		scopes: token.scopes,
	}
}

export function openToken(box: SecretBox, row: Pick<Selectable<DB['social_tokens']>, 'access_token_encrypted' | 'refresh_token_encrypted' | 'expires_at' | 'scopes'>): TokenSet {
	return {
		accessToken: box.open(row.access_token_encrypted),
		refreshToken: row.refresh_token_encrypted ? box.open(row.refresh_token_encrypted) : null,
		expiresAt: row.expires_at,
		scopes: row.scopes,
	}
}
