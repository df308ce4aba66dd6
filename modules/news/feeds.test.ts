import { expect, test } from 'vitest'
import { DEFAULT_FEED_URLS, FeedListSchema, FeedUrlSchema, MAX_FEEDS, effectiveFeeds, feedLabel, normaliseFeedUrl } from './feeds.ts'

test('feed addresses: http(s) only, trimmed, without fragment and credentials', () => {
	expect(normaliseFeedUrl('  https://www.heise.de/rss/heise-atom.xml#top ')).toBe('https://www.heise.de/rss/heise-atom.xml')
	expect(normaliseFeedUrl('ftp://example.com/feed')).toBeNull()
	expect(normaliseFeedUrl('javascript:alert(1)')).toBeNull()
	expect(normaliseFeedUrl('https://user:pw@example.com/feed')).toBeNull()
	expect(normaliseFeedUrl('kein link')).toBeNull()
	expect(normaliseFeedUrl(`https://example.com/${'a'.repeat(2100)}`)).toBeNull()
})

test('the list schema de-duplicates and allows at most 20 feeds, with i18n keys as messages', () => {
	expect(FeedListSchema.parse(['https://a.example/feed', ' https://a.example/feed', 'http://b.example/rss'])).toEqual(['https://a.example/feed', 'http://b.example/rss'])
	const tooMany = FeedListSchema.safeParse(Array.from({ length: MAX_FEEDS + 1 }, (_, i) => `https://f${i}.example/feed`))
	expect(tooMany.success).toBe(false)
	expect(tooMany.error?.issues[0]?.message).toBe('sources.errors.tooMany')
	const bad = FeedListSchema.safeParse(['https://a.example/feed', 'ftp://b.example'])
	expect(bad.error?.issues[0]?.message).toBe('sources.errors.invalidUrl')
	expect(FeedUrlSchema.safeParse('  ').error?.issues[0]?.message).toBe('sources.errors.required')
})

test('the defaults are real German feeds, used while the user keeps them', () => {
	expect(DEFAULT_FEED_URLS.length).toBeGreaterThanOrEqual(5)
	expect(DEFAULT_FEED_URLS.every((url) => normaliseFeedUrl(url) === url)).toBe(true)
	expect(effectiveFeeds(null)).toEqual(DEFAULT_FEED_URLS)
	expect(effectiveFeeds([])).toEqual([])
	expect(feedLabel('https://www.heise.de/rss/heise-atom.xml')).toBe('heise online')
	expect(feedLabel('https://news.example.org/x.xml')).toBe('news.example.org')
})
