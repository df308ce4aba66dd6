import type { ApiScope } from './api-scopes.ts'

// Shared with the browser (Settings › API & Integrationen, the consent page): OAuth grants (ADR 0071).

/** Which resource an access token is bound to (RFC 8707): /mcp, /api/v1, or the whole origin. */
export type OAuthAudience = 'mcp' | 'api' | 'all'

/** An app the user allowed: its registered name, the scopes, when, and the last call with its token. */
export type OAuthGrantView = { id: string; clientName: string; scopes: Array<ApiScope>; audience: OAuthAudience; grantedAt: string; lastUsedAt: string | null }

/** Lifetimes: the code (and the consent waiting for the user), the access token. */
export const OAUTH_LIFETIMES = { codeSeconds: 10 * 60, accessSeconds: 60 * 60 } as const
