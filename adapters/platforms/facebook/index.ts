import type { PlatformModule } from '../settings.ts'
import { facebookDescriptor } from './descriptor.ts'
import { metaEndpoints, metaSandboxEndpoints } from '../meta/endpoints.ts'
import { createMetaFake } from '../meta/sandbox.ts'
import { createFacebookAdapter } from './adapter.ts'

export { createFacebookAdapter, facebookErrorCodes, facebookScopes } from './adapter.ts'

export const facebook: PlatformModule = {
	platform: facebookDescriptor.id,
	descriptor: facebookDescriptor,
	sandboxName: 'meta',
	sandbox: createMetaFake,
	endpoints: metaEndpoints,
	sandboxEndpoints: metaSandboxEndpoints,
	create: (settings) => createFacebookAdapter(settings),
}
