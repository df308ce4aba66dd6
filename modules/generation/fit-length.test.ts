import { describe, expect, test } from 'vitest'
import { countText } from '#modules/publishing/counting.ts'
import { fitLength } from './generate.server.ts'

describe('fitLength with a counting kind', () => {
	test('cuts emoji text so that it fits the byte-counting limit', () => {
		const text = Array.from({ length: 200 }, () => 'Wort 🚀').join(' ')
		const fitted = fitLength(text, 500, 'utf8-bytes-emoji')
		expect(countText('utf8-bytes-emoji', fitted)).toBeLessThanOrEqual(500)
		expect(fitted.endsWith('…')).toBe(true)
		expect(fitted.length).toBeGreaterThan(300)
	})

	test('without a kind it cuts as before (UTF-16 units)', () => {
		expect(fitLength('a'.repeat(600), 500)).toHaveLength(500)
		expect(fitLength('kurz', 500)).toBe('kurz')
	})
})
