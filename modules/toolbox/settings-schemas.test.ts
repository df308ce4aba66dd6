import { expect, test } from 'vitest'
import { defaultTools } from './default-tools.ts'
import { testPlatforms } from '#tests/support/platforms.ts'
import { effectiveSettings, toolSettingsSchemas } from './settings-schemas.ts'

test('the seeded defaults are valid settings', () => {
	for (const tool of defaultTools(testPlatforms.ids)) expect(toolSettingsSchemas[tool.tool_name].safeParse(tool.default_settings).success).toBe(true)
})

test('invalid values give i18n keys of the toolbox namespace', () => {
	const hashtags = toolSettingsSchemas.hashtagOptimizer.safeParse({ maxHashtags: 31, trendingWeight: 1.5, nicheSpecific: true })
	expect(hashtags.success).toBe(false)
	expect(hashtags.error!.issues.map((i) => i.message)).toEqual(['errors.max', 'errors.max'])
	const birthday = toolSettingsSchemas.birthdayWishes.safeParse({ scheduleTime: '25:00', personalMessage: true, platforms: [] })
	expect(birthday.error!.issues.map((i) => i.message).sort()).toEqual(['errors.platformsRequired', 'errors.time'])
	const events = toolSettingsSchemas.eventPlanning.safeParse({ eventTypes: ['holidays'], advanceDays: 0, contentTypes: ['posts'], countries: [] })
	expect(events.error!.issues.map((i) => i.message).sort()).toEqual(['errors.countriesRequired', 'errors.min'])
})

test('effective settings overlay admin defaults and the user\'s own, field by field', () => {
	const fixed = defaultTools(testPlatforms.ids).find((t) => t.tool_name === 'eventPlanning')!.default_settings
	const settings = effectiveSettings('eventPlanning', fixed, { advanceDays: 14 }, { advanceDays: 'x', countries: ['DE', 'DE'] })
	expect(settings).toEqual({ eventTypes: ['holidays'], advanceDays: 14, contentTypes: ['posts'], countries: ['DE'] })
})

test('saving reports a number field given text as errors.number', async () => {
	const { saveToolSettings } = await import('./tools.server.ts')
	// No database is touched when the input does not validate.
	const result = await saveToolSettings(null as never, 'user', 'hashtagOptimizer', { maxHashtags: 'abc', trendingWeight: 0.5, nicheSpecific: 'ja' }, () => true)
	expect(result).toEqual({ ok: false, errors: { maxHashtags: ['errors.number'], nicheSpecific: ['errors.invalid'] } })
})
