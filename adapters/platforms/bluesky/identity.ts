import { PlatformError } from '#modules/publishing/ports.ts'
import { isInsecureHostAllowed } from '../insecure-hosts.ts'
import type { Xrpc } from './client.ts'
import { failure } from './errors.ts'

// From a handle to the account's PDS (atproto.com/specs/handle and /did): the handle's host answers
// /.well-known/atproto-did (the entryway's resolveHandle also covers DNS TXT records, which we cannot
// read through the safe fetcher); the DID document names the PDS. Every host goes through userFetch.

const HANDLE_PATTERN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/
const PLC_PATTERN = /^did:plc:[a-z2-7]{24}$/
const WEB_PATTERN = /^did:web:([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/
/** Bluesky's app passwords: four groups of four lower-case letters or digits. */
const APP_PASSWORD = /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/
const DEFAULT_SUFFIX = '.bsky.social'

/** '@Name.bsky.social ' -> 'name.bsky.social'; a bare name is on bsky.social. Throws 'handle_invalid'. */
export function normaliseHandle(input: string) {
	let handle = input.trim().replace(/^@/, '').trim().toLowerCase()
	if (handle && !handle.includes('.')) handle += DEFAULT_SUFFIX
	if (handle.length > 253 || !HANDLE_PATTERN.test(handle)) throw failure('invalid_request', 'handle_invalid', `not a handle: ${JSON.stringify(input.slice(0, 100))}`)
	return handle
}

/** Only app passwords are taken: the main password is refused before anything is sent. */
export function checkAppPassword(password: string) {
	if (!APP_PASSWORD.test(password.trim())) throw failure('invalid_request', 'app_password_format', 'not an app password (xxxx-xxxx-xxxx-xxxx)')
	return password.trim()
}

export function isDid(value: unknown): value is string {
	return typeof value === 'string' && (PLC_PATTERN.test(value) || WEB_PATTERN.test(value))
}

const notFound = (what: string) => failure('invalid_request', 'handle_not_found', what)
const passBlocked = (error: unknown) => {
	if (error instanceof PlatformError && error.code === 'server_blocked') throw error
}

/** The DID a handle names: its host's well-known file first, then the entryway (`apiBase`). */
export async function resolveHandle(xrpc: Xrpc, apiBase: string, handle: string): Promise<string> {
	try {
		const result = await xrpc.send(`https://${handle}/.well-known/atproto-did`)
		const did = result.text.trim()
		if (result.status === 200 && isDid(did)) return did
	} catch (error) {
		passBlocked(error)
		// unreachable or slow: the entryway may still know the handle (DNS TXT)
	}
	try {
		const body = await xrpc.get(apiBase, 'com.atproto.identity.resolveHandle', { handle })
		if (isDid(body.did)) return body.did
	} catch (error) {
		passBlocked(error)
		if (error instanceof PlatformError && error.kind === 'invalid_request') throw notFound(`${handle} does not resolve (${error.message})`)
		throw error
	}
	throw notFound(`${handle} does not resolve to a DID`)
}

/** The PDS of a DID (its DID document's #atproto_pds service): an https origin (http only on a DEV_INSECURE_HOSTS server). */
export async function resolvePds(xrpc: Xrpc, did: string): Promise<string> {
	if (!isDid(did)) throw notFound(`not a DID: ${did}`)
	const url = did.startsWith('did:plc:') ? `${xrpc.identity.plcUrl}/${did}` : `https://${did.slice('did:web:'.length)}/.well-known/did.json`
	let result
	try {
		result = await xrpc.send(url, { headers: { accept: 'application/did+ld+json, application/json' } })
	} catch (error) {
		passBlocked(error)
		if (did.startsWith('did:web:')) throw notFound(`${url} unreachable`)
		throw error
	}
	if (result.status === 404 || result.status === 410) throw notFound(`no DID document for ${did}`)
	if (result.status >= 500 || result.status === 429) throw failure('transient', 'server_error', `${url} answered ${result.status}`, { status: result.status })
	const doc = result.json as { id?: unknown; service?: unknown } | null
	if (result.status !== 200 || !doc || doc.id !== did || !Array.isArray(doc.service)) throw notFound(`no usable DID document for ${did}`)
	const service = (doc.service as Array<{ id?: unknown; type?: unknown; serviceEndpoint?: unknown }>).find(
		(s) => (s.id === '#atproto_pds' || s.id === `${did}#atproto_pds`) && s.type === 'AtprotoPersonalDataServer',
	)
	const endpoint = typeof service?.serviceEndpoint === 'string' ? service.serviceEndpoint : null
	if (!endpoint) throw notFound(`the DID document of ${did} names no PDS`)
	if (!URL.canParse(endpoint)) throw failure('invalid_request', 'server_blocked', `PDS ${endpoint} is not a URL`)
	const pds = new URL(endpoint)
	const secure = pds.protocol === 'https:' || isInsecureHostAllowed(pds, xrpc.identity.insecureHosts)
	if (!secure || pds.username || pds.password) throw failure('invalid_request', 'server_blocked', `PDS ${endpoint} is not an https URL`)
	return pds.origin
}
