import { describe, expect, test } from 'vitest'
import { contrast, defaultSlideTheme, slideThemeOf } from './theme.ts'

const brand = (colors: Array<string>, accentColor = '#f59e0b', useBranding = true) => ({ name: ' Muster AG ', colors, accentColor, useBranding })

describe('slideThemeOf', () => {
	test("the brand's first colour is the background, a readable second one the text, the accent colour the accent", () => {
		expect(slideThemeOf(brand(['#0F172A', '#F8FAFC']))).toEqual({ background: '#0f172a', text: '#f8fafc', accent: '#f59e0b', name: 'Muster AG', logo: null })
	})

	test('a second colour too close to the background gives way to dark or white ink', () => {
		expect(slideThemeOf(brand(['#0f172a', '#1e293b'])).text).toBe('#ffffff')
		expect(slideThemeOf(brand(['#fef3c7'])).text).toBe('#111827')
		for (const colors of [['#0a66c2', '#0b5cad'], ['#ffcc00'], ['#6b7280']]) {
			const theme = slideThemeOf(brand(colors))
			expect(contrast(theme.text, theme.background)).toBeGreaterThanOrEqual(4.5)
		}
	})

	test('an accent that would vanish on the background falls back to a brand colour or the text colour', () => {
		expect(slideThemeOf(brand(['#f59e0b', '#111827'], '#f59e0b')).accent).toBe('#111827')
		expect(slideThemeOf(brand(['#ffffff'], '#fefefe')).accent).toBe('#111827')
	})

	test('without branding, or without usable colours, the default look; the logo is kept either way', () => {
		const logo = new Uint8Array([1, 2, 3])
		expect(slideThemeOf(brand(['#000000'], '#ff0000', false), logo)).toEqual({ ...defaultSlideTheme, logo })
		expect(slideThemeOf(null)).toEqual(defaultSlideTheme)
		expect(slideThemeOf(brand(['rot', '#12345'])).background).toBe(defaultSlideTheme.background)
	})
})
