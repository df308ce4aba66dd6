// What the webhooks module needs from outside, wired by the composition root (server/compose.ts).

/**
 * A fetch to user-given URLs: the SSRF-safe one of adapters/web (public addresses only unless
 * allow-listed, redirects answered as they are, never followed). Throws on a refused address.
 */
export type WebhookHttp = (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal }) => Promise<{ status: number }>

/** The address rules of the safe fetcher, for checking an endpoint's URL when it is saved. */
export type UrlRules = {
	/** Exact 'host:port' pairs (loopback test receivers, never in production): http allowed, no address checks. */
	allowHosts: ReadonlyArray<string>
	/** APP_ENV=test: nothing but allowHosts. */
	onlyAllowHosts: boolean
	isPublicAddress: (address: string) => boolean
	isInternalName: (hostname: string) => boolean
	/** All addresses of a name (A and AAAA). */
	lookup: (hostname: string) => Promise<Array<{ address: string }>>
}

/** Structurally the accounts module's Mailer (webhooks must not import accounts: credits → webhooks → accounts → credits). */
export type WebhookMailer = { send: (mail: { to: string; subject: string; text: string; html: string }) => Promise<unknown> }
