import type { PlatformModule } from '../settings.ts'
import { instagramDescriptor } from './descriptor.ts'
import { metaEndpoints, metaSandboxEndpoints } from '../meta/endpoints.ts'
import { createMetaFake } from '../meta/sandbox.ts'
import { createInstagramAdapter } from './adapter.ts'

export { createInstagramAdapter, instagramErrorCodes, instagramScopes, type InstagramOptions } from './adapter.ts'

/** Shares the 'meta' sandbox fake with Facebook: one Meta app, one consent dialog. */
export const instagram: PlatformModule = {
	platform: instagramDescriptor.id,
	descriptor: instagramDescriptor,
	sandboxName: 'meta',
	sandbox: createMetaFake,
	endpoints: metaEndpoints,
	sandboxEndpoints: metaSandboxEndpoints,
	create: (settings) => createInstagramAdapter(settings),
}
