import type { Platform, PlatformAdapter, PlatformDescriptor } from '#modules/publishing/ports.ts'
import type { SandboxFactory } from './sandbox/network.ts'

/** Where an adapter sends its requests. Production values live in each platform folder. */
export type Endpoints = {
	/** Server-side API base (Graph APIs include the version, e.g. https://graph.facebook.com/v25.0). */
	apiBase: string
	/** The consent page the browser opens (no query). */
	authorizeUrl: string
	/** The token endpoint (server-side). */
	tokenUrl: string
	/** A version header value where the API needs one (LinkedIn-Version). */
	version: string | null
	/** A directory the network resolves identities in (Bluesky's PLC directory); development may name a local one. */
	directoryUrl?: string
}

export type AdapterSettings = Endpoints & {
	clientId: string
	clientSecret: string
	/** True when the endpoints are the built-in sandbox network. */
	sandbox: boolean
	/** Outbound HTTP to the platform's own endpoints above (undici's fetch in production; tests may wrap it). */
	fetch: typeof fetch
	/**
	 * Downloads a post's image by its URL (LinkedIn uploads the bytes itself). The URL comes from
	 * user content, so in production this is the SSRF-safe fetcher (server/platforms.ts): a refused
	 * address answers 403, which the adapter reports as a permanent failure.
	 */
	mediaFetch: typeof fetch
	/**
	 * Streams a post's video from our own /media/ URL (byte ranges, never buffered or capped like
	 * mediaFetch): production allows the app's own origin only. Absent: mediaFetch (tests' loopback fetch).
	 */
	mediaStream?: typeof fetch
	/**
	 * Requests to hosts the user names (a Mastodon instance, a Bluesky handle's host or PDS): a fetch
	 * with the SSRF-safe fetcher's rules (public addresses only, pinned to the checked address, no
	 * redirects followed, size capped). A refused host throws WebReadError 'blocked_address' or
	 * 'invalid_url', an unknown one 'unreachable' (modules/media). In test mode every host is served
	 * by this platform's sandbox fake below `<sandbox>/host/<hostname>/…` (adapters/platforms/sandbox/user-hosts.ts).
	 */
	userFetch: typeof fetch
	/**
	 * Development only (DEV_INSECURE_HOSTS; always empty in production): host:port pairs of
	 * self-hosted servers a user may name over http and with a port (a local instance or PDS).
	 */
	insecureHosts?: ReadonlyArray<string>
	/** Per-request timeout; a publish request that times out is an unknown outcome, not a failure. */
	timeoutMs: number
}

/** One platform folder's public face; the registry (index.ts) lists them. */
export type PlatformModule = {
	/** The same as descriptor.id. */
	platform: Platform
	/** What the platform is, as plain data (name, mark, text limit and counting, images, configuration prefix). */
	descriptor: PlatformDescriptor
	/** The sandbox fake this platform talks to (Facebook and Instagram share 'meta'). */
	sandboxName: string
	sandbox: SandboxFactory
	/** Production endpoints. */
	endpoints: Endpoints
	/** The same endpoints on the sandbox mounted at `serverBase` (API calls) and `browserBase` (consent page). */
	sandboxEndpoints: (serverBase: string, browserBase: string) => Endpoints
	create: (settings: AdapterSettings) => PlatformAdapter
}
