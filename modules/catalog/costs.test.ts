import { expect, test } from 'vitest'
import { testCost, type PricedModel } from './costs.ts'

const model = (perSecond: Record<string, number>): PricedModel => ({
	creditsCost: 8,
	supportedFormats: ['16:9'],
	supportedResolutions: Object.keys(perSecond),
	fixedDurations: [5],
	durationMin: null,
	durationMax: null,
	resolutionCredits: perSecond,
})

test('a fractional video cost is charged rounded up per model, and the exact figure is there to say so', () => {
	const cost = testCost([model({ '480p': 1 }), model({ '480p': 0.5 })], 'video', { aspectRatio: '16:9', resolution: '480p', durationSeconds: 5 })
	expect(cost).toEqual({ perModel: [5, 3], total: 8, exact: [5, 2.5], exactTotal: 7.5 })
	const whole = testCost([model({ '720p': 2 })], 'video', { aspectRatio: '16:9', resolution: '720p', durationSeconds: 5 })
	expect(whole).toMatchObject({ total: 10, exactTotal: 10 })
	expect(testCost([model({})], 'image', null)).toMatchObject({ total: 8, exactTotal: 8 })
})
