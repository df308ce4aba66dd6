import { expect, test } from 'vitest'
import { modelCatalogue } from './model-catalogue.ts'

test('the catalogue has the default models of the spec, each model_id once', () => {
	const ids = modelCatalogue.map((m) => m.model_id)
	expect(new Set(ids).size).toBe(ids.length)
	expect(ids).toEqual(expect.arrayContaining(['gpt-4o-mini', 'gpt-5-2025-08-07', 'flux-schnell', 'flux-1.1-pro', 'seedance-1-pro']))
	for (const category of ['language', 'image', 'video'] as const) {
		expect(modelCatalogue.filter((m) => m.category === category).length).toBeGreaterThanOrEqual(3)
	}
})

test('every model passes the admin form rules', () => {
	for (const model of modelCatalogue) {
		expect(model.credits_cost, model.model_id).toBeGreaterThanOrEqual(1)
		expect(model.features.length, model.model_id).toBeGreaterThan(0)
		expect(model.description.length, model.model_id).toBeGreaterThan(0)
		if (model.category !== 'video') continue
		expect(model.video_duration_min, model.model_id).toBeGreaterThanOrEqual(1)
		expect(model.video_duration_max, model.model_id).toBeGreaterThanOrEqual(model.video_duration_min)
		expect(new Set(model.fixed_durations).size, model.model_id).toBe(model.fixed_durations.length)
		for (const seconds of model.fixed_durations) {
			expect(seconds, model.model_id).toBeGreaterThan(0)
			expect(seconds, model.model_id).toBeGreaterThanOrEqual(model.video_duration_min)
			expect(seconds, model.model_id).toBeLessThanOrEqual(model.video_duration_max)
		}
		// A price for every offered resolution, and none for one that is not offered.
		expect(Object.keys(model.resolution_credits).sort(), model.model_id).toEqual([...model.supported_resolutions].sort())
		for (const credits of Object.values(model.resolution_credits)) {
			expect(credits, model.model_id).toBeGreaterThanOrEqual(0.1)
		}
	}
})

test('the models used as defaults by the spec are the most recommended of their category', () => {
	const level = (id: string) => modelCatalogue.find((m) => m.model_id === id)?.recommendation_level
	expect(level('gpt-5-2025-08-07')).toBe(3)
	expect(level('flux-1.1-pro')).toBe(3)
	expect(level('seedance-1-pro')).toBe(3)
})
