import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import type { ConnectedAccount, PageInfo, PublishTarget } from '#modules/publishing/ports.ts'
import { platformModules } from './index.ts'
import { createSandboxNetwork, listenSandbox } from './sandbox/network.ts'
import { createRequestFetch } from './request-fetch.ts'
import { SandboxStore } from './sandbox/store.ts'
import { sandboxUserFetch } from './sandbox/user-hosts.ts'
import type { PlatformModule } from './settings.ts'

export { recordingHooks } from './sandbox/testing.ts'

// For the platform contract test (contract.test.ts): every registered module against its own fake
// on one sandbox network, built the way server/platforms.ts builds adapters in test mode, plus what
// a browser and a flaky network would do to them. Nothing here names a platform.

/** The app's OAuth callback in these tests, one per platform (the consent pages send the browser back only there). */
export const callbackUrl = (module: PlatformModule) => `http://app.test/accounts/callback/${module.platform}`

/**
 * What an armed request meets: its answer lost on the way back (a timeout), or a server error
 * instead of the network's answer, either after the network processed the request or before it
 * reached it (a proxy's 5xx).
 */
export type Failure = { kind: 'timeout' } | { kind: 'server_error'; status: number; processed: boolean }

/**
 * A fetch that can spoil one answer: once armed, the next request fails as `failure` says (by
 * default it reaches the network and is answered, but the caller gets a timeout instead: the worst
 * case for a request that creates a post).
 */
export function lossyFetch(base: typeof fetch = globalThis.fetch) {
	const state = { armed: null as Failure | null, lost: [] as Array<string> }
	const lossy = (async (input: string | URL | Request, init?: RequestInit) => {
		const failure = state.armed
		if (!failure) return base(input, init)
		state.armed = null
		state.lost.push(input instanceof Request ? input.url : String(input))
		if (failure.kind === 'server_error' && !failure.processed) return serverError(failure.status)
		const response = await base(input, init)
		await response.arrayBuffer()
		if (failure.kind === 'server_error') return serverError(failure.status)
		throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
	}) as typeof fetch
	return {
		fetch: lossy,
		/** The next request's answer is lost (or replaced by a server error). */
		arm: (failure: Failure = { kind: 'timeout' }) => void (state.armed = failure),
		/** The URLs whose answers were lost or replaced. */
		lost: state.lost,
	}
}

/** A gateway's error page, as a load balancer in front of any network sends it. */
function serverError(status: number) {
	const title = `${status} ${http.STATUS_CODES[status] ?? 'Server Error'}`
	return new Response(`<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`, { status, headers: { 'content-type': 'text/html' } })
}

/**
 * One sandbox network with every registered module's fake, an adapter per module and a JPEG on loopback.
 * No case waits for the adapters' deadline (lossyFetch fails a lost answer at once), so it is far beyond
 * any loopback request on a loaded machine, where a publish (Bluesky's first loads its client library
 * and resizes the image) took 5-6 s against 20 s for the whole test before (issue 37, section 5).
 */
export async function startContractNetwork(timeoutMs = 60_000) {
	const store = new SandboxStore()
	const fakes = Object.fromEntries(platformModules.map((module) => [module.sandboxName, module.sandbox]))
	const sandbox = await listenSandbox((base) => createSandboxNetwork({ publicBase: base, store, fakes, callbackUrls: platformModules.map(callbackUrl) }))
	const image = await serveJpeg()
	// The transport the adapters ship with (server/platforms.ts), so the battery runs over it.
	const transport = createRequestFetch()
	const adapters = new Map(
		platformModules.map((module) => {
			const network = lossyFetch(transport)
			const adapter = module.create({
				...module.sandboxEndpoints(sandbox.base, sandbox.base),
				clientId: `sandbox-${module.platform}`,
				clientSecret: 'sandbox-secret',
				sandbox: true,
				fetch: network.fetch,
				mediaFetch: globalThis.fetch,
				userFetch: sandboxUserFetch(`${sandbox.base}/${module.sandboxName}`, network.fetch),
				timeoutMs,
			})
			return [module.platform, { adapter, network }] as const
		}),
	)
	return {
		base: sandbox.base,
		store,
		imageUrl: image.url,
		adapterOf: (module: PlatformModule) => adapters.get(module.platform)!,
		/** Requests that reached a module's fake so far (fakes may be shared by modules). */
		requestCount: (module: PlatformModule) => sandbox.network.routers[module.sandboxName]!.requests.length,
		async close() {
			await Promise.all([sandbox.close(), image.close()])
		},
	}
}

export type ContractNetwork = Awaited<ReturnType<typeof startContractNetwork>>

async function serveJpeg() {
	const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } }).jpeg().toBuffer()
	// No keep-alive timeout: the client ends idle connections. A request on a kept-alive connection this
	// server is just closing fails (ECONNRESET) when a loaded machine holds the event loop past 5 s.
	const server = http.createServer({ keepAliveTimeout: 0 }, (req, res) => {
		res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(jpeg.length) })
		res.end(req.method === 'HEAD' ? undefined : jpeg)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bild.jpg`,
		close: () => {
			server.closeAllConnections()
			return new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}

/** Where a publish goes: the account's first page, with the page's token where it has one. */
export function targetOf(account: Pick<ConnectedAccount, 'accountId' | 'token'>, page: PageInfo): PublishTarget {
	return { accountId: account.accountId, pageId: page.pageId, accessToken: page.accessToken ?? account.token.accessToken, server: account.token.server ?? null }
}

/**
 * A browser on a consent page: reads the form that holds the button labelled `label` (its method,
 * action, inputs and the button's own name and value), submits it and returns where the network
 * sends the browser (the redirect's Location), without following it.
 */
export async function pressConsentButton(url: string, label: string) {
	const page = await fetch(url)
	const html = await page.text()
	if (!page.ok) throw new Error(`The consent page answered ${page.status}: ${html.slice(0, 200)}`)
	const form = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].find((match) => buttonsOf(match[2]!).some((button) => button.label === label))
	if (!form) throw new Error(`No form with a '${label}' button at ${url}`)
	const formAttributes = attributesOf(form[1]!)
	const fields = new URLSearchParams()
	for (const input of form[2]!.matchAll(/<input\b([^>]*)>/gi)) {
		const attributes = attributesOf(input[1]!)
		const type = (attributes.type ?? 'text').toLowerCase()
		if (!attributes.name || ['submit', 'button', 'image', 'reset', 'file'].includes(type)) continue
		if ((type === 'checkbox' || type === 'radio') && !('checked' in attributes)) continue
		fields.append(attributes.name, attributes.value ?? (type === 'checkbox' ? 'on' : ''))
	}
	const button = buttonsOf(form[2]!).find((b) => b.label === label)!
	if (button.name) fields.append(button.name, button.value)
	const action = new URL(formAttributes.action || url, url)
	const method = (formAttributes.method ?? 'get').toLowerCase()
	const answer =
		method === 'post'
			? await fetch(action, { method: 'POST', body: fields, redirect: 'manual' })
			: await fetch(`${action.origin}${action.pathname}?${fields}`, { redirect: 'manual' })
	const location = answer.headers.get('location')
	if (!location) throw new Error(`'${label}' answered ${answer.status} without a redirect`)
	return new URL(location, action)
}

function buttonsOf(html: string) {
	const buttons = [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)].map((match) => {
		const attributes = attributesOf(match[1]!)
		return { type: attributes.type, name: attributes.name, value: attributes.value ?? '', label: decodeEntities(match[2]!.replace(/<[^>]*>/g, '')).trim() }
	})
	const inputs = [...html.matchAll(/<input\b([^>]*)>/gi)].map((match) => attributesOf(match[1]!)).filter((a) => a.type?.toLowerCase() === 'submit')
	return [
		...buttons.filter((b) => (b.type ?? 'submit').toLowerCase() === 'submit'),
		...inputs.map((a) => ({ type: 'submit', name: a.name, value: a.value ?? '', label: (a.value ?? '').trim() })),
	]
}

function attributesOf(tag: string): Record<string, string | undefined> {
	const attributes: Record<string, string | undefined> = {}
	for (const match of tag.matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g)) {
		attributes[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')
	}
	return attributes
}

function decodeEntities(value: string) {
	const named: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' }
	return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
		if (body[0] === '#') return String.fromCodePoint(body[1]?.toLowerCase() === 'x' ? parseInt(body.slice(2), 16) : Number(body.slice(1)))
		return named[body.toLowerCase()] ?? entity
	})
}
