import type { PlatformDescriptor } from './descriptor.ts'
import { PlatformError, type Platform, type PlatformAdapter } from './ports.ts'

/** The composition root's adapters by platform id (adapters/platforms/index.ts lists the platforms). */
export type PlatformAdapters = Readonly<Record<Platform, PlatformAdapter>>

/** The code when a row names a platform that is no longer registered (its folder was removed): refused for good, never retried. */
export const UNKNOWN_PLATFORM = 'unknown_platform'

export function adapterFor(adapters: PlatformAdapters, platform: Platform): PlatformAdapter {
	const adapter = adapters[platform]
	if (!adapter) throw new PlatformError({ kind: 'invalid_request', code: UNKNOWN_PLATFORM, message: `no platform '${platform}' is registered` })
	return adapter
}

/** The registered platforms' descriptors in the registry's order, and lookups by id. */
export function createPlatformCatalog(descriptors: ReadonlyArray<PlatformDescriptor>) {
	const byId = new Map(descriptors.map((d) => [d.id, d]))
	return {
		descriptors,
		ids: descriptors.map((d) => d.id),
		has: (id: unknown): id is Platform => typeof id === 'string' && byId.has(id),
		get: (id: Platform) => byId.get(id) ?? null,
	}
}

export type PlatformCatalog = ReturnType<typeof createPlatformCatalog>
