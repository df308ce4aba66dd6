import { expect, test } from 'vitest'
import { spokenDuration } from './preflight-wording.ts'

test('under an hour: minutes and seconds with "min"', () => {
	expect(spokenDuration(0)).toBe('0:00 min')
	expect(spokenDuration(59_499)).toBe('0:59 min')
	expect(spokenDuration(252_000)).toBe('4:12 min')
	expect(spokenDuration(3_599_000)).toBe('59:59 min')
})

test('from an hour on: hours, minutes and seconds with "Std."', () => {
	expect(spokenDuration(3_600_000)).toBe('1:00:00 Std.')
	expect(spokenDuration(3_599_600)).toBe('1:00:00 Std.') // rounded to the second first
	expect(spokenDuration(14_460_000)).toBe('4:01:00 Std.')
	expect(spokenDuration(36_005_000)).toBe('10:00:05 Std.')
})
