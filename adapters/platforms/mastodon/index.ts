import type { PlatformModule } from '../settings.ts'
import { createMastodonAdapter } from './adapter.ts'
import { mastodonDescriptor } from './descriptor.ts'
import { createMastodonFake } from './sandbox.ts'

export { createMastodonAdapter, MASTODON_SCOPES, type MastodonAdapterOptions } from './adapter.ts'
export { mastodonError, mastodonErrorCodes, type MastodonErrorCode } from './errors.ts'
export { createMastodonFake, type MastodonFakeOptions } from './sandbox.ts'

export const mastodon: PlatformModule = {
	platform: mastodonDescriptor.id,
	descriptor: mastodonDescriptor,
	sandboxName: 'mastodon',
	sandbox: createMastodonFake,
	// There is no one Mastodon: every account has its own instance (TokenSet.server), reached through
	// settings.userFetch. These fixed endpoints are not used.
	endpoints: { apiBase: '', authorizeUrl: '', tokenUrl: '', version: null },
	// In test mode userFetch sends https://<host>/… to <serverBase>/mastodon/host/<host>/…; only the
	// consent page needs the browser's address of the fake (authorizationUrl adds /host/<host>/oauth/authorize).
	sandboxEndpoints: (serverBase, browserBase) => ({
		apiBase: `${serverBase}/mastodon`,
		authorizeUrl: `${browserBase}/mastodon`,
		tokenUrl: '',
		version: null,
	}),
	create: (settings) => createMastodonAdapter(settings),
}
