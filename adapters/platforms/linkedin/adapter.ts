import { PlatformError, type PlatformAdapter, type TokenSet } from '#modules/publishing/ports.ts'
import { call, form } from '../http.ts'
import type { AdapterSettings } from '../settings.ts'
import { linkedinApi } from './api.ts'
import { badResponse, oauthError } from './errors.ts'
import { commentOnPost, findReply, listComments, replyToComment } from './comments.ts'
import { postMetrics } from './metrics.ts'
import { fetchMember, followerCount, memberPages } from './pages.ts'
import { findPost, postUrl, type PublishOptions } from './publish.ts'
import { publishContent } from './publish-content.ts'

/** Personal posting plus the Community Management scopes for organization pages. */
export const linkedinScopes = ['openid', 'profile', 'w_member_social', 'w_organization_social', 'r_organization_social', 'rw_organization_admin']

const defaultOptions: PublishOptions = { imagePollIntervalMs: 1000, imagePollAttempts: 10 }

/** LinkedIn (member profile and organization pages). LinkedIn has no PKCE, so the code verifier is not used. */
export function createLinkedinAdapter(settings: AdapterSettings, options: Partial<PublishOptions> = {}): PlatformAdapter {
	const api = linkedinApi(settings)
	const context = { api, settings, options: { ...defaultOptions, ...options } }

	async function tokenRequest(values: Record<string, string>, grant: 'authorization_code' | 'refresh_token') {
		const result = await call(settings, settings.tokenUrl, {
			method: 'POST',
			body: form({ ...values, grant_type: grant, client_id: settings.clientId, client_secret: settings.clientSecret }),
		})
		if (result.status !== 200) throw oauthError(result, grant)
		return result.json
	}

	return {
		platform: 'linkedin',
		sandbox: settings.sandbox,
		authorizationUrl({ state, redirectUri }) {
			const query = new URLSearchParams({
				response_type: 'code',
				client_id: settings.clientId,
				redirect_uri: redirectUri,
				state,
				scope: linkedinScopes.join(' '),
			})
			// %20 rather than '+' between scopes, as LinkedIn documents it.
			return `${settings.authorizeUrl}?${query.toString().replace(/\+/g, '%20')}`
		},
		async exchangeCode({ code, redirectUri }) {
			const token = tokenSet(await tokenRequest({ code, redirect_uri: redirectUri }, 'authorization_code'))
			const member = await fetchMember(api, token.accessToken)
			return { accountId: member.sub, accountName: member.name, token, pages: await memberPages(api, member, token.accessToken, token.scopes) }
		},
		async refreshToken(token) {
			if (!token.refreshToken) {
				throw new PlatformError({
					kind: 'auth_expired',
					code: 'reconnect_required',
					message: 'LinkedIn issues refresh tokens to partner apps only: the member has to connect again',
				})
			}
			return tokenSet(await tokenRequest({ refresh_token: token.refreshToken }, 'refresh_token'), token)
		},
		async listPages({ accessToken, scopes }) {
			return memberPages(api, await fetchMember(api, accessToken), accessToken, scopes)
		},
		publish: (target, content, hooks) => publishContent(context, target, content, hooks),
		findPublished: (target, content, checkpoint, since) => findPost(context, target, content, checkpoint, since),
		followerCount: (target) => followerCount(api, target.pageId, target.accessToken),
		postMetrics: (target, externalId) => postMetrics(api, target, externalId),
		listComments: (target, externalId, since) => listComments(api, target, externalId, since),
		replyToComment: (target, externalId, commentId, text) => replyToComment(api, target, externalId, commentId, text),
		findReply: (target, externalId, commentId, text) => findReply(api, target, externalId, commentId, text),
		commentOnPost: (target, externalId, text) => commentOnPost(api, target, externalId, text, postUrl(settings, externalId)),
	}
}

type TokenResponse = { access_token?: string; expires_in?: number; refresh_token?: string; scope?: string }

function tokenSet(json: unknown, previous?: TokenSet): TokenSet {
	const body = (json ?? {}) as TokenResponse
	if (!body.access_token) throw badResponse('token response without access_token')
	return {
		accessToken: body.access_token,
		// A refresh keeps the refresh token's own lifetime; LinkedIn may or may not send it again.
		refreshToken: body.refresh_token ?? previous?.refreshToken ?? null,
		expiresAt: typeof body.expires_in === 'number' ? new Date(Date.now() + body.expires_in * 1000) : null,
		scopes: body.scope ? body.scope.split(/[\s,]+/).filter(Boolean) : (previous?.scopes ?? []),
	}
}
