import { expect, test } from 'vitest'
import { fill, fillCounted, fillKey } from './fill-text.ts'

const texts = { plain: 'Hallo {{name}}', rows_one: '{{count}} Zeile', rows_other: '{{count}} Zeilen', nested: { a: 'x' } }

test('a counted key takes its _one form for 1 and its _other form otherwise, like i18next', () => {
	expect(fillCounted(texts, 'rows', 1)).toBe('1 Zeile')
	expect(fillCounted(texts, 'rows', 0)).toBe('0 Zeilen')
	expect(fillKey(texts, 'rows', { count: 2 })).toBe('2 Zeilen')
})

test('a key without plural forms is filled as it is; an unknown or nested key gives no text', () => {
	expect(fillKey(texts, 'plain', { name: 'Anna', count: 1 })).toBe('Hallo Anna')
	expect(fillKey(texts, 'missing')).toBe('')
	expect(fillKey(texts, 'nested')).toBe('')
	expect(fill('{{a}} und {{b}}', { a: 1 })).toBe('1 und ')
})
