import type { PlatformModule } from '../settings.ts'
import { createBlueskyAdapter } from './adapter.ts'
import { blueskyDescriptor } from './descriptor.ts'
import { createBlueskyFake } from './sandbox.ts'

export { createBlueskyAdapter } from './adapter.ts'
export { blueskyErrorCodes, type BlueskyErrorCode } from './errors.ts'
export { createBlueskyFake, BLUESKY_SANDBOX } from './sandbox.ts'

const ENTRYWAY = 'https://bsky.social'
/** Where did:plc identities are resolved (BLUESKY_PLC_URL names a local one in development). */
export const PLC_DIRECTORY = 'https://plc.directory'

export const bluesky: PlatformModule = {
	platform: blueskyDescriptor.id,
	descriptor: blueskyDescriptor,
	sandboxName: 'bluesky',
	sandbox: createBlueskyFake,
	// apiBase: the entryway; authorizeUrl: the web app post links point to; tokenUrl: where sessions are made (documentation only).
	endpoints: { apiBase: ENTRYWAY, authorizeUrl: 'https://bsky.app', tokenUrl: `${ENTRYWAY}/xrpc/com.atproto.server.createSession`, version: null, directoryUrl: PLC_DIRECTORY },
	// Every request goes through userFetch, which the sandbox maps onto its fake, so the hosts stay the real ones;
	// post links open the sandbox's own permalink page.
	sandboxEndpoints: (_serverBase, browserBase) => ({
		apiBase: ENTRYWAY,
		authorizeUrl: `${browserBase}/bluesky/app`,
		tokenUrl: `${ENTRYWAY}/xrpc/com.atproto.server.createSession`,
		version: null,
	}),
	create: (settings) => createBlueskyAdapter(settings),
}
