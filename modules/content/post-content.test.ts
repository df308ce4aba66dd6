import { expect, test } from 'vitest'
import { extractText, parseContent, serializeContent, textFor, titleFromText, truncate } from './post-content.ts'

test('plain text and JSON content (base + platforms) both parse', () => {
	expect(parseContent('Hallo Welt')).toEqual({ base: 'Hallo Welt', platforms: {} })
	const json = JSON.stringify({ base: 'Basis', platforms: { linkedin: 'LI', threads: 'TH', twitter: 'x', 'Kein Id': 'y' } })
	// By default every key shaped like a platform id; with the registry's check only registered ones.
	expect(parseContent(json)).toEqual({ base: 'Basis', platforms: { linkedin: 'LI', threads: 'TH', twitter: 'x' } })
	expect(parseContent(json, (key) => ['linkedin', 'threads'].includes(key))).toEqual({ base: 'Basis', platforms: { linkedin: 'LI', threads: 'TH' } })
	expect(textFor(json, 'linkedin')).toBe('LI')
	expect(textFor(json, 'facebook')).toBe('Basis')
	expect(serializeContent({ base: 'nur Text', platforms: {} })).toBe('nur Text')
	expect(parseContent(serializeContent({ base: 'B', platforms: { instagram: 'I' } }))).toEqual({ base: 'B', platforms: { instagram: 'I' } })
})

test('the dashboard text comes from base, content, text or message', () => {
	expect(extractText(JSON.stringify({ content: 'aus content' }))).toBe('aus content')
	expect(extractText(JSON.stringify({ text: 'aus text' }))).toBe('aus text')
	expect(extractText(JSON.stringify({ message: 'aus message' }))).toBe('aus message')
	expect(extractText('{kaputt')).toBe('{kaputt')
	expect(extractText(JSON.stringify([1, 2]))).toBe('[1,2]')
	expect(extractText(null)).toBe('')
})

test('titles are the first 50 characters plus an ellipsis', () => {
	expect(titleFromText('Kurz')).toBe('Kurz')
	expect(titleFromText('x'.repeat(50))).toBe('x'.repeat(50))
	expect(titleFromText('y'.repeat(51))).toBe(`${'y'.repeat(50)}…`)
	expect(titleFromText('   ')).toBeNull()
	expect(truncate('a\n\nb   c', 120)).toBe('a b c')
})
