import { json, type FakeRequest, type FakeResponse, type FakeRouter } from '../sandbox/fake-http.ts'
import {
	displayNameOf,
	didFor,
	ENTRYWAY_HOST,
	handleOf,
	innerToken,
	issueSession,
	PDS_HOST,
	PLC_DID,
	PLC_HOST,
	repoDid,
	resolves,
	TWO_FACTOR_APP_PASSWORD,
	verifySession,
	WRONG_APP_PASSWORD,
	xrpcError,
	bearer,
	type BlueskyFakeContext,
} from './sandbox-shared.ts'

const APP_PASSWORD = /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/

/** XRPC on the sandbox PDS and the entryway (bsky.social); any other host is not an XRPC service. */
export function onXrpc(router: FakeRouter, method: 'GET' | 'POST', nsid: string, handler: (req: FakeRequest) => FakeResponse | Promise<FakeResponse>) {
	router.on(`${method} /host/:host/xrpc/${nsid}`, (req) => {
		if (req.params.host !== PDS_HOST && req.params.host !== ENTRYWAY_HOST) return xrpcError(404, 'MethodNotImplemented', `${req.params.host} is not a PDS`)
		return handler(req)
	})
}

function didDocument(context: BlueskyFakeContext, did: string) {
	const handle = context.state.handles.get(did)
	return {
		'@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
		id: did,
		alsoKnownAs: handle ? [`at://${handle}`] : [],
		verificationMethod: [{ id: `${did}#atproto`, type: 'Multikey', controller: did, publicKeyMultibase: 'zQ3shSandboxKeyNotForSigning' }],
		service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: `https://${PDS_HOST}` }],
	}
}

function session(context: BlueskyFakeContext, did: string) {
	return { did, handle: handleOf(context, did), didDoc: didDocument(context, did), active: true, ...issueSession(context, did) }
}

/** Handles, DIDs, sessions and profiles (atproto.com/specs/handle, /did; com.atproto.server.*). */
export function addIdentityRoutes(router: FakeRouter, context: BlueskyFakeContext) {
	// Every did:plc lives on the sandbox's one PDS.
	router.on(`GET /host/${PLC_HOST}/:did`, (req) => {
		const did = req.params.did!
		if (!PLC_DID.test(did)) return json(404, { message: `DID not registered: ${did}` })
		return { status: 200, headers: { 'content-type': 'application/did+ld+json' }, body: didDocument(context, did) }
	})

	// Any other host is a handle's own domain: it names the handle's DID.
	router.on('GET /host/:host/.well-known/atproto-did', (req) => {
		const host = req.params.host!
		if (host === PDS_HOST || host === ENTRYWAY_HOST || host === PLC_HOST || !resolves(host)) return { status: 404, headers: { 'content-type': 'text/plain' }, raw: 'Not Found' }
		return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, raw: didFor(context, host) }
	})

	onXrpc(router, 'GET', 'com.atproto.identity.resolveHandle', (req) => {
		const handle = (req.query.get('handle') ?? '').toLowerCase()
		if (!handle) return xrpcError(400, 'InvalidRequest', 'Error: Params must have the property "handle"')
		if (!resolves(handle)) return xrpcError(400, 'HandleNotFound', 'Unable to resolve handle')
		return json(200, { did: didFor(context, handle) })
	})

	onXrpc(router, 'POST', 'com.atproto.server.createSession', (req) => {
		const body = (req.json ?? {}) as { identifier?: unknown; password?: unknown }
		if (typeof body.identifier !== 'string' || typeof body.password !== 'string') return xrpcError(400, 'InvalidRequest', 'Input must have the properties "identifier" and "password"')
		const identifier = body.identifier.trim().toLowerCase()
		const did = identifier.startsWith('did:') ? (PLC_DID.test(identifier) ? identifier : null) : repoDid(context, identifier)
		// The sandbox takes app passwords only; one of them stands for a wrong one, another asks for an e-mail code.
		if (did && body.password === TWO_FACTOR_APP_PASSWORD) return xrpcError(401, 'AuthFactorTokenRequired', 'A sign in code has been sent to your email address')
		if (!did || body.password === WRONG_APP_PASSWORD || !APP_PASSWORD.test(body.password)) return xrpcError(401, 'AuthenticationRequired', 'Invalid identifier or password')
		return json(200, { ...session(context, did), emailConfirmed: true })
	})

	// Refresh tokens are single-use: the used one is revoked, the answer is a new pair.
	onXrpc(router, 'POST', 'com.atproto.server.refreshSession', (req) => {
		const token = bearer(req)
		const did = verifySession(context, token, 'refresh')
		if (typeof did !== 'string') return did
		context.store.revoke(innerToken(token!))
		return json(200, session(context, did))
	})

	onXrpc(router, 'GET', 'app.bsky.actor.getProfile', (req) => {
		const did = verifySession(context, bearer(req), 'access')
		if (typeof did !== 'string') return did
		const actor = repoDid(context, req.query.get('actor'))
		if (!actor || !PLC_DID.test(actor)) return xrpcError(400, 'InvalidRequest', 'Profile not found')
		const handle = handleOf(context, actor)
		const posts = context.store.findPosts('bluesky', actor).length
		return json(200, {
			did: actor,
			handle,
			displayName: displayNameOf(handle),
			description: 'Sandbox-Konto von Postwerk',
			followersCount: 100 + (actor.charCodeAt(8) % 50) * 7,
			followsCount: 42,
			postsCount: posts,
			indexedAt: new Date(0).toISOString(),
			createdAt: new Date(0).toISOString(),
		})
	})
}
