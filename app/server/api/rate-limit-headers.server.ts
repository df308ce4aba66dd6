import { createContext, type RouterContextProvider } from 'react-router'
import { API_RATE_LIMIT, type ApiQuota } from '#modules/accounts/index.ts'

// The RateLimit and RateLimit-Policy header fields (draft-ietf-httpapi-ratelimit-headers, structured
// fields) on every answer of /api/v1 and /mcp, so a client can pace itself (ADR 0073). The policy is
// the same for everyone; the current quota only once the token is known (its partition).

export const RATE_LIMIT_POLICY = 'default'

/** The quota of this request's token, once the token was counted (see requireApiPrincipal). */
const quotaContext = createContext<ApiQuota | null>(null)

export function rememberQuota(context: Readonly<RouterContextProvider>, quota: ApiQuota | undefined) {
	if (quota) context.set(quotaContext, quota)
}

/** `"default";q=120;w=60` */
export const rateLimitPolicyField = () => `"${RATE_LIMIT_POLICY}";q=${API_RATE_LIMIT.limit};w=${API_RATE_LIMIT.windowSeconds}`

/** `"default";r=<remaining>;t=<seconds until the window ends>` */
export const rateLimitField = (quota: ApiQuota) => `"${RATE_LIMIT_POLICY}";r=${quota.remaining};t=${quota.resetSeconds}`

/**
 * `response` with both fields (only the policy when no token was counted: a missing or unknown token,
 * an answer before the token check). A new Response, since some responses' headers are immutable.
 */
export function withRateLimitHeaders(context: Readonly<RouterContextProvider>, response: Response) {
	const headers = new Headers(response.headers)
	headers.set('RateLimit-Policy', rateLimitPolicyField())
	const quota = context.get(quotaContext)
	if (quota) headers.set('RateLimit', rateLimitField(quota))
	return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
