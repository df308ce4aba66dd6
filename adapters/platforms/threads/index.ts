import type { PlatformModule } from '../settings.ts'
import { threadsDescriptor } from './descriptor.ts'
import { createThreadsAdapter } from './adapter.ts'
import { createThreadsFake } from './sandbox.ts'

export { createThreadsAdapter, THREADS_SCOPES, type ThreadsAdapterOptions } from './adapter.ts'
export { graphErrorCodes, threadsError, threadsErrorCodes, type ThreadsErrorCode } from './errors.ts'
export { createThreadsFake, type ThreadsFakeOptions } from './sandbox.ts'

export const threads: PlatformModule = {
	platform: threadsDescriptor.id,
	descriptor: threadsDescriptor,
	sandboxName: 'threads',
	sandbox: createThreadsFake,
	endpoints: {
		apiBase: 'https://graph.threads.net/v1.0',
		authorizeUrl: 'https://threads.com/oauth/authorize',
		tokenUrl: 'https://graph.threads.net/oauth/access_token',
		version: null,
	},
	sandboxEndpoints: (serverBase, browserBase) => ({
		apiBase: `${serverBase}/threads/v1.0`,
		authorizeUrl: `${browserBase}/threads/oauth/authorize`,
		tokenUrl: `${serverBase}/threads/oauth/access_token`,
		version: null,
	}),
	create: (settings) => createThreadsAdapter(settings),
}
