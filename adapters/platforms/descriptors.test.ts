import { describe, expect, test } from 'vitest'
import { COUNTING_KINDS, countText } from '#modules/publishing/counting.ts'
import { IMAGE_ASPECTS, PLATFORM_ID_PATTERN, TEXT_GROUPS } from '#modules/publishing/descriptor.ts'
import { platformModules } from './index.ts'
import { escapeCommentary } from './linkedin/escape.ts'

// Every registered platform module carries a complete descriptor (the rest of the app reads only these).

describe('platform descriptors', () => {
	test('ids are unique, match the database pattern and name their module', () => {
		const ids = platformModules.map((m) => m.descriptor.id)
		expect(new Set(ids).size).toBe(ids.length)
		for (const module of platformModules) {
			expect(module.descriptor.id).toMatch(PLATFORM_ID_PATTERN)
			expect(module.platform).toBe(module.descriptor.id)
		}
	})

	for (const { descriptor: d } of platformModules) {
		test(`${d.id}: a complete descriptor`, () => {
			expect(d.name.length).toBeGreaterThan(0)
			expect(d.badge.length).toBeGreaterThan(0)
			expect(d.badge.length).toBeLessThanOrEqual(3)
			expect(d.color.brand).not.toMatch(/[;{}<>\\]/)
			expect(d.color.scale).toMatch(/^[a-z]+$/)
			expect(d.text.limit).toBeGreaterThan(0)
			expect(COUNTING_KINDS).toContain(d.text.counting)
			expect(TEXT_GROUPS).toContain(d.text.group)
			expect(d.text.hashtags.min).toBeLessThanOrEqual(d.text.hashtags.max)
			expect(IMAGE_ASPECTS).toContain(d.images.generate)
			expect(d.images.ratio.min).toBeLessThanOrEqual(d.images.ratio.max)
			expect(d.formats.length).toBeGreaterThan(0)
			expect(d.env.prefix).toMatch(/^[A-Z][A-Z0-9]*$/)
		})
	}

	for (const { descriptor: d } of platformModules) {
		test(`${d.id}: consistent media rules`, () => {
			const { carousel, video, document, altText } = d.media
			// The rules travel in the root loader's JSON: no Infinity, NaN or functions.
			expect(JSON.parse(JSON.stringify(d.media))).toEqual(d.media)
			expect(d.formats.includes('carousel')).toBe(carousel !== null)
			expect(d.formats.includes('video')).toBe(video !== null)
			expect(d.formats.includes('document')).toBe(document !== null)
			if (carousel) {
				expect(carousel.minItems).toBeGreaterThanOrEqual(2)
				expect(carousel.minItems).toBeLessThanOrEqual(carousel.maxItems)
				expect(carousel.maxItems).toBe(d.images.maxCount)
			} else expect(d.images.maxCount).toBe(1)
			if (video) {
				expect(video.maxBytes).toBeGreaterThan(0)
				expect(video.minDurationMs).toBeGreaterThanOrEqual(0)
				if (video.maxDurationMs !== null) expect(video.minDurationMs).toBeLessThan(video.maxDurationMs)
				expect(video.ratio.min).toBeGreaterThan(0)
				expect(video.ratio.min).toBeLessThanOrEqual(video.ratio.max)
				if (video.minFps !== null && video.maxFps !== null) expect(video.minFps).toBeLessThan(video.maxFps)
				expect(video.codecs.length).toBeGreaterThan(0)
				expect(video.containers.length).toBeGreaterThan(0)
				for (const container of video.containers) expect(container).toMatch(/^video\//)
			}
			if (document) {
				expect(document.maxBytes).toBeGreaterThan(0)
				expect(document.maxPages).toBeGreaterThan(0)
				expect(document.types).toContain('application/pdf')
			}
			if (altText) expect(altText.maxLength).toBeGreaterThan(0)
			expect([null, 'all', 'organizations']).toContain(d.media.firstComment)
			if (d.media.firstComment === 'organizations') expect(Object.keys(d.account?.publishScopes ?? {})).toContain('business')
		})
	}

	test('the first networks keep their limits, styles, hashtag ranges, groups and image aspects', () => {
		const four = platformModules.filter(({ descriptor: d }) => ['linkedin', 'facebook', 'instagram', 'threads', 'mastodon'].includes(d.id))
		const summary = Object.fromEntries(four.map(({ descriptor: d }) => [d.id, [d.text.limit, d.text.style, d.text.hashtags, d.text.group, d.images.generate]]))
		expect(summary).toEqual({
			linkedin: [3000, 'Professionell', { min: 0, max: 3 }, 'long', '16:9'],
			facebook: [63206, 'Original', { min: 1, max: 3 }, 'long', '16:9'],
			instagram: [2200, 'Kurz & knackig', { min: 5, max: 10 }, 'short', '1:1'],
			threads: [500, 'Authentisch', { min: 0, max: 2 }, 'short', '16:9'],
			mastodon: [500, 'Gesprächig', { min: 1, max: 4 }, 'short', '16:9'],
		})
	})

	test("'little-escaped' counts what LinkedIn's escapeCommentary sends", () => {
		const samples = ['Fragen (und Antworten) #KI', 'C# und #1 und (#tag)', 'Danke @[Postwerk](urn:li:organization:123) und @name', 'a_b*c~d|e{f}g[h]i<j>k\\l', '#Start mit Hashtag', 'Grüsse 🚀 aus Zürich']
		for (const text of samples) expect([text, countText('little-escaped', text)]).toEqual([text, countText('graphemes', escapeCommentary(text))])
	})
})
