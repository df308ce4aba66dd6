// Development against self-hosted servers (a Mastodon instance on localhost:3000, a Bluesky PDS and
// PLC directory from @atproto/dev-env): the hosts DEV_INSECURE_HOSTS lists may be named over http
// and with a port. The list is empty in production (modules/core/env.server.ts).

/** A URL's host:port as DEV_INSECURE_HOSTS lists it (the scheme's port when none is written). */
export function hostKey(url: URL) {
	return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`
}

/** Whether `url` is on a self-hosted server the development settings allow over http and with a port. */
export function isInsecureHostAllowed(url: URL, insecureHosts: ReadonlyArray<string> = []) {
	return (url.protocol === 'http:' || url.protocol === 'https:') && insecureHosts.includes(hostKey(url))
}
