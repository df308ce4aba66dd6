import type { PostPlatform } from '#modules/content/platforms.ts'
import { usePlatforms } from '#app/utils/use-platforms.ts'

/** The chip colour of a post (a Radix colour scale from its platform's descriptor; violet: several platforms). */
export function usePlatformColor(): (platform: PostPlatform) => string {
	const platforms = usePlatforms()
	return (platform) => (platform === 'multiple' ? 'violet' : (platforms.find((p) => p.id === platform)?.color.scale ?? 'gray'))
}
