import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FakeRouter } from './fake-http.ts'
import { renderFeed } from './feed-page.ts'
import type { SandboxStore } from './store.ts'

export type SandboxContext = {
	/** Absolute base URL of this platform's fake, e.g. http://127.0.0.1:3000/sandbox/linkedin (URLs it returns point here). */
	base: string
	store: SandboxStore
	/**
	 * Whether a consent page may send the browser back to `redirectUri`: only to one of the app's own
	 * callback URLs (the sandbox is served inside the app; anything else would be an open redirect).
	 */
	redirectAllowed: (redirectUri: string | null | undefined) => boolean
}

export type SandboxFactory = (context: SandboxContext) => FakeRouter

/**
 * A redirect target check for the consent stand-ins: an absolute http(s) URL without credentials or
 * fragment whose origin and path are those of one of `callbackUrls` (its query may differ).
 */
export function callbackMatcher(callbackUrls: Array<string>) {
	const allowed = new Set(callbackUrls.map((url) => withoutQuery(new URL(url))))
	return (redirectUri: string | null | undefined) => {
		if (!redirectUri || !URL.canParse(redirectUri)) return false
		const target = new URL(redirectUri)
		if (target.protocol !== 'http:' && target.protocol !== 'https:') return false
		if (target.username || target.password || target.hash || redirectUri.includes('#')) return false
		return allowed.has(withoutQuery(target))
	}
}

const withoutQuery = (url: URL) => `${url.origin}${url.pathname}`

export type SandboxNetwork = {
	/** Node request handler for everything below the mount point (express: app.use('/sandbox', network.handle)). */
	handle: (req: IncomingMessage, res: ServerResponse, next?: () => void) => void
	routers: Record<string, FakeRouter>
	store: SandboxStore
}

/**
 * The built-in sandbox network: one protocol fake per platform below `/<platform>`, a feed page of
 * everything "published" at `/`, and (for tests only) a control API below `/__fake`.
 */
export function createSandboxNetwork(options: {
	publicBase: string
	store: SandboxStore
	fakes: Record<string, SandboxFactory>
	/** The redirect URIs the consent pages may send the browser back to (the app's own OAuth callbacks). */
	callbackUrls: Array<string>
	controls?: boolean
	/** The platforms' display names for the feed page (from their descriptors); an id without one shows as itself. */
	names?: Readonly<Record<string, string>>
}): SandboxNetwork {
	const redirectAllowed = callbackMatcher(options.callbackUrls)
	const routers = Object.fromEntries(
		Object.entries(options.fakes).map(([name, factory]) => [name, factory({ base: `${options.publicBase}/${name}`, store: options.store, redirectAllowed })]),
	)
	function handle(req: IncomingMessage, res: ServerResponse, next?: () => void) {
		void route(req, res).then((handled) => {
			if (handled) return
			if (next) next()
			else {
				res.writeHead(404, { 'content-type': 'application/json' })
				res.end(JSON.stringify({ error: 'not_found' }))
			}
		})
	}
	async function route(req: IncomingMessage, res: ServerResponse) {
		const url = req.url ?? '/'
		if (url === '/' || url.startsWith('/?')) {
			res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
			res.end(renderFeed(options.store.posts, options.store.comments, `${options.publicBase}/comment`, options.names))
			return true
		}
		if (req.method === 'POST' && (url === '/comment' || url.startsWith('/comment?'))) return followerComment(req, res)
		if (options.controls && req.method === 'POST' && url.split('?')[0] === '/__fake/comments') return controlComment(req, res)
		if (options.controls && url.startsWith('/__fake/')) return control(req, res, url)
		const [, name, ...rest] = url.split('/')
		const router = name ? routers[name.split('?')[0]!] : undefined
		if (!router) return false
		return router.handle(req, res, `/${rest.join('/')}`)
	}
	/** A follower's comment on a post; null when the post is unknown or the text empty. */
	function addFollowerComment(input: { postId?: unknown; authorName?: unknown; text?: unknown; parentId?: unknown }) {
		const post = options.store.posts.find((p) => p.id === input.postId)
		const text = typeof input.text === 'string' ? input.text.trim().slice(0, 2000) : ''
		if (!post || !text) return null
		const authorName = (typeof input.authorName === 'string' && input.authorName.trim().slice(0, 100)) || 'Testfollower'
		return options.store.addComment({
			id: options.store.commentId(post.platform, post.id),
			platform: post.platform,
			postId: post.id,
			parentId: typeof input.parentId === 'string' ? input.parentId : null,
			authorId: `follower-${authorName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
			authorName,
			text,
		})
	}
	/** The feed page's comment form (a person trying auto-reply in test mode). */
	async function followerComment(req: IncomingMessage, res: ServerResponse) {
		const form = new URLSearchParams(await readText(req))
		const postId = form.get('postId') ?? ''
		addFollowerComment({ postId, authorName: form.get('name'), text: form.get('text') })
		res.writeHead(303, { location: `${options.publicBase}/#${encodeURIComponent(postId)}` })
		res.end()
		return true
	}
	/** Tests: POST /__fake/comments { postId, authorName, text, parentId? } answers the stored comment. */
	async function controlComment(req: IncomingMessage, res: ServerResponse) {
		let body: Record<string, unknown> = {}
		try {
			body = JSON.parse(await readText(req)) as Record<string, unknown>
		} catch {
			// an empty or broken body is a 400 below
		}
		const comment = addFollowerComment(body)
		res.writeHead(comment ? 200 : 400, { 'content-type': 'application/json' })
		res.end(JSON.stringify(comment ?? { error: 'unknown post or empty text' }))
		return true
	}
	async function control(req: IncomingMessage, res: ServerResponse, url: string) {
		const [, , name, action] = url.split('?')[0]!.split('/')
		const router = name ? routers[name] : undefined
		if (!router) return false
		if (action === 'reset') router.reset()
		if (action === 'script') {
			const chunks: Array<Buffer> = []
			for await (const chunk of req) chunks.push(chunk as Buffer)
			const { route, responses } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { route: string; responses: Parameters<FakeRouter['script']>[1] }
			router.script(route, responses)
		}
		res.writeHead(200, { 'content-type': 'application/json' })
		res.end(JSON.stringify(action === 'requests' ? router.requests.map(({ body: _body, ...r }) => r) : { ok: true }))
		return true
	}
	return { handle, routers, store: options.store }
}

/** Runs a sandbox network on its own loopback port (tests, benchmarks). */
export async function listenSandbox(build: (publicBase: string) => SandboxNetwork, port = 0) {
	let network: SandboxNetwork | null = null
	// No keep-alive timeout: the client ends idle connections. A request on a kept-alive connection this
	// server is just closing fails (ECONNRESET) when a loaded machine holds the event loop past 5 s.
	const server = http.createServer({ keepAliveTimeout: 0 }, (req, res) => network!.handle(req, res))
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	network = build(base)
	return {
		base,
		network,
		async close() {
			server.closeAllConnections()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
		[Symbol.asyncDispose]() {
			return this.close()
		},
	}
}

async function readText(req: IncomingMessage) {
	const chunks: Array<Buffer> = []
	let size = 0
	for await (const chunk of req) {
		size += (chunk as Buffer).length
		if (size > 64 * 1024) break
		chunks.push(chunk as Buffer)
	}
	return Buffer.concat(chunks).toString('utf8')
}
