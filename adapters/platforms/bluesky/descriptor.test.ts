import { expect, test } from 'vitest'
import { countFor, isOverLimit, toPlatformView } from '#modules/publishing/descriptor.ts'
import { platformModules } from '../index.ts'
import { blueskyDescriptor } from './descriptor.ts'

test('Bluesky is registered, counts graphemes up to 300 and signs in with an app password', () => {
	expect(platformModules.find((m) => m.platform === 'bluesky')?.descriptor).toBe(blueskyDescriptor)
	const d = blueskyDescriptor
	expect([d.text.limit, d.text.style, d.text.hashtags, d.text.group, d.images.generate]).toEqual([300, 'Locker', { min: 0, max: 2 }, 'short', '16:9'])
	expect(d).toMatchObject({ connect: 'handle-app-password', refresh: 'refresh-token', env: { prefix: 'BLUESKY', required: ['enabled'] } })
	expect(d.images).toMatchObject({ formats: ['image/jpeg', 'image/png'], maxBytes: 1_000_000, maxCount: 4, required: false })
	expect(countFor(d, '👩‍💻 Grüße')).toBe(7)
	expect(isOverLimit(d, '🦋'.repeat(300))).toBe(false)
	expect(isOverLimit(d, 'a'.repeat(301))).toBe(true)
	expect(toPlatformView(d)).not.toHaveProperty('env')
})
