import type { Platform } from '#modules/core/platform-id.ts'
import type { PlatformDescriptor } from '#modules/publishing/index.ts'

// What news needs of the registered platforms (publishing's descriptors, in the registry's order):
// their ids, and each one's text group for the offline templates.
export type NewsPlatforms = ReadonlyArray<Pick<PlatformDescriptor, 'id' | 'text'>>

export function platformIdsOf(platforms: NewsPlatforms): Array<Platform> {
	return platforms.map((p) => p.id)
}
