// The sandbox network in a worker thread of npm run bench:publish (BENCH_FAKE=thread): the same fakes
// and protocol on their own event loop, as a network is a system of its own. Its store signs tokens with
// the secret it is given (the harness's store's), so accounts connected through the harness work here.
// Messages: 'texts' answers the posts it received (author and text, as publish.ts's authoredText), 'clear' forgets them, 'close' ends it.
import { parentPort, workerData } from 'node:worker_threads'
import { platformModules } from '#adapters/platforms/index.ts'
import { createSandboxNetwork, listenSandbox } from '#adapters/platforms/sandbox/network.ts'
import { SandboxStore } from '#adapters/platforms/sandbox/store.ts'
import { appCallbackUrls } from '#server/platforms.ts'

const { secret, appUrl } = workerData as { secret: string; appUrl: string }
const port = parentPort!
const store = new SandboxStore({ secret })
const fakes = Object.fromEntries(platformModules.map((m) => [m.sandboxName, m.sandbox]))
const server = await listenSandbox((base) => createSandboxNetwork({ publicBase: base, store, fakes, callbackUrls: appCallbackUrls(appUrl), controls: true }))

port.on('message', (message: 'texts' | 'clear' | 'close') => {
	if (message === 'texts') port.postMessage(store.posts.map((post) => `${post.authorId}\n${post.text}`))
	else if (message === 'clear') {
		store.posts.length = 0
		port.postMessage(null)
	} else void server.close().then(() => port.close())
})
port.postMessage(server.base)
