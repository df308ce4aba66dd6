import type { PlatformModule } from '../settings.ts'
import { linkedinDescriptor } from './descriptor.ts'
import { createLinkedinAdapter } from './adapter.ts'
import { createLinkedinFake } from './sandbox.ts'

export { createLinkedinAdapter, linkedinScopes } from './adapter.ts'
export { linkedinErrorCodes, type LinkedinErrorCode } from './errors.ts'
export { escapeCommentary, unescapeCommentary } from './escape.ts'
export { createLinkedinFake } from './sandbox.ts'

export const linkedin: PlatformModule = {
	platform: linkedinDescriptor.id,
	descriptor: linkedinDescriptor,
	sandboxName: 'linkedin',
	sandbox: createLinkedinFake,
	endpoints: {
		apiBase: 'https://api.linkedin.com',
		authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
		tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
		version: '202601',
	},
	sandboxEndpoints: (serverBase, browserBase) => ({
		apiBase: `${serverBase}/linkedin`,
		authorizeUrl: `${browserBase}/linkedin/oauth/v2/authorization`,
		tokenUrl: `${serverBase}/linkedin/oauth/v2/accessToken`,
		version: '202601',
	}),
	create: createLinkedinAdapter,
}
