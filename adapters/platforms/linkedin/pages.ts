import { PlatformError, type PageInfo } from '#modules/publishing/ports.ts'
import { encodeUrn, isOrganization, type LinkedinApi } from './api.ts'
import { badResponse } from './errors.ts'

export type Member = { sub: string; name: string; picture: string | null }

/** The signed-in member (OpenID Connect userinfo). */
export async function fetchMember(api: LinkedinApi, token: string): Promise<Member> {
	const me = await api.getJson<{ sub?: string; name?: string; given_name?: string; family_name?: string; picture?: string }>('/v2/userinfo', token)
	if (!me.sub) throw badResponse('userinfo without sub')
	const name = me.name || [me.given_name, me.family_name].filter(Boolean).join(' ') || me.sub
	return { sub: me.sub, name, picture: me.picture ?? null }
}

/**
 * Organization pages need the Community Management scopes: posting as the organization and reading
 * whom the member administers. A grant without them (LinkedIn's answer lists what was granted) gets
 * the member's own profile only. No list (unknown): the API decides.
 */
export function grantsOrganizations(scopes: Array<string> | undefined) {
	if (!scopes?.length) return true
	return scopes.includes('w_organization_social') && (scopes.includes('rw_organization_admin') || scopes.includes('r_organization_admin'))
}

/** The member's own profile first, then every organization they administer (when the grant allows it). */
export async function memberPages(api: LinkedinApi, member: Member, token: string, scopes?: Array<string>): Promise<Array<PageInfo>> {
	const personal: PageInfo = {
		pageId: `urn:li:person:${member.sub}`,
		name: member.name,
		type: 'personal',
		pictureUrl: member.picture,
		followerCount: null,
		accessToken: null,
	}
	return [personal, ...(grantsOrganizations(scopes) ? await organizationPages(api, token) : [])]
}

/** Organization followers; null for members (LinkedIn's open API has no personal follower count). */
export async function followerCount(api: LinkedinApi, pageId: string, token: string): Promise<number | null> {
	if (!isOrganization(pageId)) return null
	const size = await api.getJson<{ firstDegreeSize?: number }>(`/rest/networkSizes/${encodeUrn(pageId)}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`, token)
	return typeof size.firstDegreeSize === 'number' ? size.firstDegreeSize : null
}

type Acl = { organization?: string; role?: string; state?: string }

async function organizationPages(api: LinkedinApi, token: string): Promise<Array<PageInfo>> {
	let acls: { elements?: Array<Acl> }
	try {
		acls = await api.getJson('/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&count=100', token)
	} catch (error) {
		// Without the Community Management scopes the member simply has no organization pages here.
		if (error instanceof PlatformError && error.kind === 'permission_missing') return []
		throw error
	}
	const urns = new Set(
		(acls.elements ?? [])
			.filter((acl) => (acl.state ?? 'APPROVED') === 'APPROVED' && (acl.role ?? 'ADMINISTRATOR') === 'ADMINISTRATOR')
			.map((acl) => acl.organization ?? '')
			.filter(isOrganization),
	)
	return Promise.all(
		[...urns].map(async (urn): Promise<PageInfo> => {
			const id = urn.slice('urn:li:organization:'.length)
			const organization = await api.getJson<{ localizedName?: string; vanityName?: string }>(`/rest/organizations/${encodeURIComponent(id)}`, token)
			return {
				pageId: urn,
				name: organization.localizedName ?? organization.vanityName ?? urn,
				type: 'business',
				pictureUrl: null,
				followerCount: await readable(() => followerCount(api, urn, token)),
				accessToken: null,
			}
		}),
	)
}

// A follower count is a nice-to-have while connecting; only a dead token should stop the connect.
async function readable(read: () => Promise<number | null>) {
	try {
		return await read()
	} catch (error) {
		if (error instanceof PlatformError && error.kind !== 'auth_expired') return null
		throw error
	}
}
