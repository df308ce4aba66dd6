import { PlatformError, type PageInfo } from '#modules/publishing/ports.ts'
import { num, str, type Json, type MastodonClient } from './client.ts'
import { badResponse } from './errors.ts'

/** Account ids are only unique per instance: ours are '<id>@<host>' (e.g. '109876@mastodon.social'). */
export function accountKey(id: string, server: string) {
	return `${id}@${new URL(server).hostname}`
}

/** The instance's own account id of an accountKey. */
export function localId(key: string) {
	const at = key.lastIndexOf('@')
	return at > 0 ? key.slice(0, at) : key
}

/** The instance a token or target belongs to; without one only reconnecting helps. */
export function serverOf(input: { server?: string | null }): string {
	if (input.server && URL.canParse(input.server)) return new URL(input.server).origin
	throw new PlatformError({ kind: 'auth_expired', code: 'token_expired', message: 'Mastodon: the account has no instance; reconnect it' })
}

/** GET /api/v1/accounts/verify_credentials: the token's own account. */
export async function verifyCredentials(client: MastodonClient, server: string, token: string) {
	const account = await client.request(server, '/api/v1/accounts/verify_credentials', { token })
	if (!str(account.id)) throw badResponse('verify_credentials without id')
	return account
}

/** The account's profile is the one "page" a Mastodon account publishes as. */
export function pageOf(account: Json, server: string): PageInfo {
	const host = new URL(server).hostname
	const acct = str(account.acct) ?? str(account.username) ?? str(account.id)!
	return {
		pageId: accountKey(str(account.id)!, server),
		name: str(account.display_name) ?? `@${acct}@${host}`,
		type: 'personal',
		pictureUrl: str(account.avatar_static) ?? str(account.avatar),
		followerCount: num(account.followers_count),
		accessToken: null,
	}
}

/** '@anna@chaos.social' */
export function handleOf(account: Json, server: string) {
	return `@${str(account.username) ?? str(account.acct) ?? str(account.id)}@${new URL(server).hostname}`
}
