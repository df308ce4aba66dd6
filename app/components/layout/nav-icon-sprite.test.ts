import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { NAV_ICON_NAMES } from './nav-icon.tsx'
import { navIconSprite } from './nav-icon-sprite.ts'

describe('nav icon sprite', () => {
	it('public/nav-icons.svg is current (node scripts/make-nav-icons.ts)', () => {
		const file = fs.readFileSync(path.resolve(import.meta.dirname, '../../../public/nav-icons.svg'), 'utf8')
		expect(file).toBe(navIconSprite())
	})

	it('holds a symbol with paths for every icon name', () => {
		const sprite = navIconSprite()
		for (const name of NAV_ICON_NAMES) expect(sprite).toMatch(new RegExp(`<symbol id="${name}"[^>]*><(path|rect|circle|line|polyline)`))
	})
})
