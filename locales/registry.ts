// The browser's strings, one namespace at a time. Each namespace has a module in locales/ns/ that
// registers its JSON here; a component (or hook) that uses a namespace imports that module, so the
// namespace travels in the same chunk as the code that needs it and a page downloads only the
// strings it shows. entry.client.tsx connects i18next: namespaces registered before that (the
// route modules of the first page are evaluated first) are added then, later ones (routes
// loaded on navigation, lazy components) at once. The server has every namespace
// (app/middleware/i18next.ts). `app/i18n-namespaces.test.ts` checks that every file imports the
// namespaces it names.
import type { resources } from './index.ts'

export type Namespace = keyof typeof resources.de
type Strings = (typeof resources.de)[Namespace]

const registered = new Map<Namespace, Strings>()
let sink: ((namespace: Namespace, strings: Strings) => void) | null = null

export function registerNamespace<N extends Namespace>(namespace: N, strings: (typeof resources.de)[N]) {
	if (registered.has(namespace)) return
	registered.set(namespace, strings)
	sink?.(namespace, strings)
}

/** Hands every namespace registered so far, and each one registered later, to `add`. */
export function connectNamespaces(add: (namespace: Namespace, strings: Strings) => void) {
	sink = add
	for (const [namespace, strings] of registered) add(namespace, strings)
}
