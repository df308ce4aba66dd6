import { json, type FakeRequest, type FakeResponse, type FakeRouter, type Handler } from '../sandbox/fake-http.ts'
import type { SandboxContext } from '../sandbox/network.ts'
import type { SandboxStore } from '../sandbox/store.ts'
import { memberName, organizationAdminScopes, organizationPostScope } from './sandbox-oauth.ts'

// Shared pieces of the LinkedIn fake's API: the sandbox organization, the header and token checks every
// /rest call goes through, and LinkedIn's error body.

export const sandboxOrganization = { id: 4711, urn: 'urn:li:organization:4711', name: 'Muster AG', vanityName: 'muster-ag', followers: 1234 }

/** scopes: granted with the token; null for a token a test issued directly (everything granted). */
export type Member = { sub: string; name: string; person: string; scopes: Array<string> | null }

export const hasScope = (member: Member, ...anyOf: Array<string>) => member.scopes === null || anyOf.some((scope) => member.scopes!.includes(scope))

export function liError(status: number, message: string, extra: Record<string, unknown> = {}): FakeResponse {
	return json(status, { status, message, ...extra })
}

export const notEnoughPermissions = (resource: string) =>
	liError(403, `Not enough permissions to access: ${resource}`, { serviceErrorCode: 100, code: 'ACCESS_DENIED' })

/** The member behind the bearer token, or null. */
export function memberOf(store: SandboxStore, req: FakeRequest): Member | null {
	const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1]
	const claims = store.verifyToken(token)
	if (!claims || claims.platform !== 'linkedin' || claims.kind !== 'access') return null
	return { sub: claims.subject, name: memberName(claims.subject), person: `urn:li:person:${claims.subject}`, scopes: claims.scopes ?? null }
}

/** The member's own person, or the sandbox organization when the token carries w_organization_social. */
export function canActAs(member: Member, urn: string) {
	return urn === member.person || (urn === sandboxOrganization.urn && hasScope(member, organizationPostScope))
}

const revoked = () =>
	liError(401, 'The token used in the request has been revoked by the user', { serviceErrorCode: 65601, code: 'REVOKED_ACCESS_TOKEN' })

/** A handler that needs a valid bearer token (`/v2/userinfo`, the upload URL). */
export function withToken(store: SandboxStore, handler: (req: FakeRequest, member: Member) => FakeResponse | Promise<FakeResponse>): Handler {
	return (req) => {
		const member = memberOf(store, req)
		return member ? handler(req, member) : revoked()
	}
}

/** A versioned /rest handler: LinkedIn-Version and X-Restli-Protocol-Version are mandatory, then the token. */
export function rest(store: SandboxStore, handler: (req: FakeRequest, member: Member) => FakeResponse | Promise<FakeResponse>): Handler {
	return (req) => {
		const version = req.headers['linkedin-version'] ?? ''
		if (!/^\d{6}$/.test(version)) {
			return liError(400, version ? `Requested version ${version} is not valid` : 'A version header (LinkedIn-Version) is required', {
				code: 'VERSION_MISSING',
			})
		}
		if (req.headers['x-restli-protocol-version'] !== '2.0.0') {
			return liError(400, 'X-Restli-Protocol-Version 2.0.0 is required', { code: 'ILLEGAL_ARGUMENT' })
		}
		return withToken(store, handler)(req)
	}
}

export function profileRoutes(router: FakeRouter, { store }: SandboxContext) {
	router.on(
		'GET /v2/userinfo',
		withToken(store, (_req, member) => {
			const [givenName, ...rest] = member.name.split(' ')
			return json(200, {
				sub: member.sub,
				name: member.name,
				given_name: givenName,
				family_name: rest.join(' '),
				locale: { country: 'CH', language: 'de' },
			})
		}),
	)

	router.on(
		'GET /rest/organizationAcls',
		rest(store, (req, member) => {
			if (req.query.get('q') !== 'roleAssignee') return liError(400, 'Unsupported finder: q must be roleAssignee')
			// Without an organization admin scope LinkedIn refuses the finder (403 ACCESS_DENIED).
			if (!hasScope(member, ...organizationAdminScopes)) return notEnoughPermissions('organizationAcls.FINDER-roleAssignee')
			const elements = [{ organization: sandboxOrganization.urn, role: 'ADMINISTRATOR', state: 'APPROVED', roleAssignee: member.person }]
			return json(200, { elements, paging: { start: 0, count: 10, total: elements.length, links: [] } })
		}),
	)

	router.on(
		'GET /rest/organizations/:id',
		rest(store, (req) => {
			if (req.params.id !== String(sandboxOrganization.id)) return liError(404, `Organization ${req.params.id} not found`)
			const { id, name, vanityName } = sandboxOrganization
			return json(200, { id, localizedName: name, vanityName, name: { localized: { de_DE: name }, preferredLocale: { country: 'DE', language: 'de' } } })
		}),
	)

	router.on(
		'GET /rest/networkSizes/:urn',
		rest(store, (req) => {
			if (!req.query.get('edgeType')) return liError(400, 'edgeType is required')
			if (req.params.urn !== sandboxOrganization.urn) return liError(400, `Network size is not available for ${req.params.urn}`)
			return json(200, { firstDegreeSize: sandboxOrganization.followers })
		}),
	)
}
