import { expect, test } from 'vitest'
import { coverSeconds, parseSeconds } from './media-cover.ts'

test('the cover time field reads seconds with a comma or a point, nothing else', () => {
	expect(parseSeconds('1')).toBe(1)
	expect(parseSeconds(' 1,5 ')).toBe(1.5)
	expect(parseSeconds('2.25')).toBe(2.25)
	for (const text of ['', '-1', 'eins', '1,5,0', '1e3']) expect(parseSeconds(text)).toBeNull()
})

test('a time in ms is shown in seconds with at most one decimal and a German comma', () => {
	expect(coverSeconds(0)).toBe('0')
	expect(coverSeconds(1000)).toBe('1')
	expect(coverSeconds(1540)).toBe('1,5')
	expect(coverSeconds(92_021)).toBe('92')
	expect(coverSeconds(12_345_600)).toBe('12345,6')
})
