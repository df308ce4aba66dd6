import { expect, test } from 'vitest'
import { edgeStep, SCROLL_EDGE } from './edge-scroll.ts'

const grid = { start: 100, end: 676 }

test('a pointer over the middle of any row in sight (32 px from an edge at least) scrolls nothing', () => {
	expect(SCROLL_EDGE).toBeLessThan(32)
	for (let y = grid.start + 32; y <= grid.end - 32; y++) expect(edgeStep(y, grid)).toBe(0)
})

test('at the edge the grid scrolls towards it, faster the nearer the edge and fastest beyond it', () => {
	expect(edgeStep(grid.end - SCROLL_EDGE / 2, grid)).toBeGreaterThan(0)
	expect(edgeStep(grid.end, grid)).toBeGreaterThan(edgeStep(grid.end - SCROLL_EDGE / 2, grid))
	expect(edgeStep(grid.end + 200, grid)).toBe(edgeStep(grid.end, grid))
	expect(edgeStep(grid.start + 4, grid)).toBeLessThan(0)
	expect(edgeStep(grid.start - 50, grid)).toBe(-edgeStep(grid.end + 50, grid))
})
