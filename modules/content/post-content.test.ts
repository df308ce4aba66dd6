import { expect, test } from 'vitest'
import { channelTextsOf, editedContent, extractText, keepChannelTexts, parseContent, serializeContent, textFor, titleFromText, truncate } from './post-content.ts'

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

test('a channel text of its own wins over its network text; other channels and unknown keys keep theirs', () => {
	const shop = '0b7f2a52-8c3e-4a55-9d3e-1f6a0d9c2b11'
	const owner = '6c1d9e0a-2f4b-4c7e-8a9d-3b5e7f1a2c44'
	const stored = serializeContent({ base: 'Basis', platforms: { instagram: 'IG' }, channels: { [shop]: 'Nur für den Laden' } })
	expect(textFor(stored, 'instagram', shop)).toBe('Nur für den Laden')
	expect(textFor(stored, 'instagram', owner)).toBe('IG')
	expect(textFor(stored, 'instagram')).toBe('IG')
	expect(textFor(stored, 'linkedin', null)).toBe('Basis')
	// Only channel ids with string texts are kept; a map of none is not stored.
	const sent = JSON.stringify({ base: 'B', platforms: {}, channels: { 'kein-kanal': 'x', [owner]: 42, [shop]: 'Laden' } })
	expect(parseContent(sent)).toEqual({ base: 'B', platforms: {}, channels: { [shop]: 'Laden' } })
	expect(serializeContent({ base: 'nur Text', platforms: {}, channels: {} })).toBe('nur Text')
	// Only channel texts: still the JSON form, so they are kept.
	expect(parseContent(serializeContent({ base: 'B', platforms: {}, channels: { [owner]: 'Privat' } }))).toEqual({ base: 'B', platforms: {}, channels: { [owner]: 'Privat' } })
})

test('a channel no longer chosen loses its text of its own; none left leaves no map', () => {
	const shop = '0b7f2a52-8c3e-4a55-9d3e-1f6a0d9c2b11'
	const owner = '6c1d9e0a-2f4b-4c7e-8a9d-3b5e7f1a2c44'
	const content = { base: 'B', platforms: { instagram: 'IG' }, channels: { [shop]: 'Laden', [owner]: 'Privat' } }
	expect(keepChannelTexts(content, [shop])).toEqual({ base: 'B', platforms: { instagram: 'IG' }, channels: { [shop]: 'Laden' } })
	expect(keepChannelTexts(content, [])).toEqual({ base: 'B', platforms: { instagram: 'IG' } })
	expect(channelTextsOf(serializeContent(content))).toEqual({ [shop]: 'Laden', [owner]: 'Privat' })
	expect(channelTextsOf('nur Text')).toEqual({})
})

test("an edit replaces the texts it owns: the channels it showed; a channel it did not show keeps its text", () => {
	const shop = '0b7f2a52-8c3e-4a55-9d3e-1f6a0d9c2b11'
	const owner = '6c1d9e0a-2f4b-4c7e-8a9d-3b5e7f1a2c44'
	const stored = { base: 'Alt', platforms: { linkedin: 'Alt LI', threads: 'Alt TH' }, channels: { [shop]: 'Laden', [owner]: 'Privat' } }
	// A published post's editor shows no channel: the texts change, the channels' stay.
	expect(editedContent(stored, { base: 'Neu', platforms: {}, channels: {} }, [])).toEqual({ base: 'Neu', platforms: {}, channels: { [shop]: 'Laden', [owner]: 'Privat' } })
	// The shop's channel shown and emptied: its text goes, the owner's stays.
	expect(editedContent(stored, { base: 'Neu', platforms: {}, channels: {} }, [shop])).toEqual({ base: 'Neu', platforms: {}, channels: { [owner]: 'Privat' } })
	expect(editedContent(stored, { base: 'Neu', platforms: {}, channels: { [shop]: 'Laden neu' } }, [shop, owner])).toEqual({ base: 'Neu', platforms: {}, channels: { [shop]: 'Laden neu' } })
	// Without the channels shown, the edit's channel texts are all of them.
	expect(editedContent(stored, { base: 'Neu', platforms: {} })).toEqual({ base: 'Neu', platforms: {} })
})
