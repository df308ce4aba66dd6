import { expect, test } from 'vitest'
import { aspectLabel, clampAspect, cropBox, fittedSize, padBox, targetAspect, withinPixels } from './image-fit.ts'

const instagram = { min: 4 / 5, max: 1.91 }

test('a crop cuts the largest centred part in the aspect: a landscape loses its sides, a portrait its top and bottom', () => {
	expect(cropBox({ width: 1600, height: 900 }, 1)).toEqual({ left: 350, top: 0, width: 900, height: 900 })
	expect(cropBox({ width: 1080, height: 1920 }, 4 / 5)).toEqual({ left: 0, top: 285, width: 1080, height: 1350 })
	expect(cropBox({ width: 1000, height: 1000 }, 4 / 5)).toEqual({ left: 100, top: 0, width: 800, height: 1000 })
})

test('a pad puts the whole image centred on the smallest canvas in the aspect', () => {
	expect(padBox({ width: 1600, height: 900 }, 1)).toEqual({ canvas: { width: 1600, height: 1600 }, image: { left: 0, top: 350, width: 1600, height: 900 } })
	expect(padBox({ width: 1000, height: 1000 }, 4 / 5)).toEqual({ canvas: { width: 1000, height: 1250 }, image: { left: 0, top: 125, width: 1000, height: 1000 } })
	expect(padBox({ width: 900, height: 1600 }, 1)).toEqual({ canvas: { width: 1600, height: 1600 }, image: { left: 350, top: 0, width: 900, height: 1600 } })
})

test("the aspect is clamped into the network's range: a carousel's first item's, else the image's own", () => {
	expect(clampAspect(9 / 16, instagram)).toBe(0.8)
	expect(clampAspect(3, instagram)).toBe(1.91)
	expect(clampAspect(1, instagram)).toBe(1)
	expect(targetAspect({ width: 1080, height: 1920 }, instagram)).toBe(0.8)
	expect(targetAspect({ width: 1600, height: 900 }, instagram, 0.8)).toBe(0.8)
	expect(targetAspect({ width: 1600, height: 900 }, instagram, null)).toBeCloseTo(16 / 9)
})

test('the size an image is sent in: unchanged in its own aspect, else the crop or the canvas; pixels scaled down, never up', () => {
	expect(fittedSize({ width: 1080, height: 1350 }, 0.8, 'crop')).toEqual({ width: 1080, height: 1350 })
	expect(fittedSize({ width: 1600, height: 900 }, 0.8, 'crop')).toEqual({ width: 720, height: 900 })
	expect(fittedSize({ width: 1600, height: 900 }, 0.8, 'pad')).toEqual({ width: 1600, height: 2000 })
	expect(withinPixels({ width: 4000, height: 3000 }, 3_000_000)).toEqual({ width: 2000, height: 1500 })
	expect(withinPixels({ width: 400, height: 300 }, 3_000_000)).toEqual({ width: 400, height: 300 })
	expect(withinPixels({ width: 4000, height: 3000 }, null)).toEqual({ width: 4000, height: 3000 })
})

test('aspects as the editor names them', () => {
	expect(aspectLabel(0.8)).toBe('4:5')
	expect(aspectLabel(1)).toBe('1:1')
	expect(aspectLabel(16 / 9)).toBe('16:9')
	expect(aspectLabel(1.91)).toBe('1,91:1')
})
