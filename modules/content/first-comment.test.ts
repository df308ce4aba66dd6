import { expect, test } from 'vitest'
import { editedContent, firstCommentFor, keepChannelTexts, parseContent, serializeContent } from './post-content.ts'

const shop = '0b7f2a52-8c3e-4a55-9d3e-1f6a0d9c2b11'
const owner = '6c1d9e0a-2f4b-4c7e-8a9d-3b5e7f1a2c44'

test('a first comment resolves like the text: channel, then network, then base', () => {
	const stored = serializeContent({ base: 'Post', platforms: {}, firstComment: { base: 'Link im Kommentar', platforms: { mastodon: 'Link für Mastodon' }, channels: { [shop]: 'Laden-Link' } } })
	expect(firstCommentFor(stored, 'bluesky')).toBe('Link im Kommentar')
	expect(firstCommentFor(stored, 'mastodon', owner)).toBe('Link für Mastodon')
	expect(firstCommentFor(stored, 'mastodon', shop)).toBe('Laden-Link')
	expect(parseContent(stored).base).toBe('Post')
})

test('a post without a first comment stays as it was stored; an empty comment is none', () => {
	expect(serializeContent({ base: 'nur Text', platforms: {} })).toBe('nur Text')
	expect(serializeContent({ base: 'nur Text', platforms: {}, firstComment: { base: '  ', platforms: { linkedin: '' } } })).toBe('nur Text')
	expect(firstCommentFor('nur Text', 'linkedin')).toBeNull()
	// Only a network's comment: the others get none.
	const only = serializeContent({ base: 'T', platforms: {}, firstComment: { base: '', platforms: { facebook: 'FB' } } })
	expect(firstCommentFor(only, 'facebook')).toBe('FB')
	expect(firstCommentFor(only, 'threads')).toBeNull()
	// A sent string is the comment for all; unknown keys are dropped.
	expect(parseContent(JSON.stringify({ base: 'T', firstComment: 'Für alle' })).firstComment).toEqual({ base: 'Für alle', platforms: {} })
	expect(parseContent(JSON.stringify({ base: 'T', firstComment: { base: 'B', platforms: { 'Kein Id': 'x' }, channels: { nope: 'y' } } })).firstComment).toEqual({ base: 'B', platforms: {} })
})

test('an edit keeps the stored comment unless it names one; an unchosen channel loses its own', () => {
	const stored = { base: 'Alt', platforms: {}, firstComment: { base: 'Kommentar', platforms: {}, channels: { [shop]: 'Laden', [owner]: 'Privat' } } }
	expect(editedContent(stored, { base: 'Neu', platforms: {} }).firstComment).toEqual(stored.firstComment)
	expect(editedContent(stored, { base: 'Neu', platforms: {}, firstComment: { base: 'Anders', platforms: {} } }).firstComment).toEqual({ base: 'Anders', platforms: {} })
	expect(serializeContent(editedContent(stored, { base: 'Neu', platforms: {}, firstComment: undefined }))).toBe('Neu')
	expect(keepChannelTexts(stored, [shop]).firstComment).toEqual({ base: 'Kommentar', platforms: {}, channels: { [shop]: 'Laden' } })
})
