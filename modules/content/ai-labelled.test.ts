import { expect, test } from 'vitest'
import { isAiLabelled } from './ai-labelled.ts'
import { anyFirstComment } from './first-comment.ts'

test('a post shows as made with AI when its label is on, or auto with a generated item; never when off', () => {
	const generated = [{ aiGenerated: false }, { aiGenerated: true }]
	expect(isAiLabelled('on', [])).toBe(true)
	expect(isAiLabelled('auto', generated)).toBe(true)
	expect(isAiLabelled('auto', [{ aiGenerated: false }])).toBe(false)
	expect(isAiLabelled('off', generated)).toBe(false)
})

test('the first comment a summary shows: the base, else the first network s or channel s own', () => {
	expect(anyFirstComment(undefined)).toBeNull()
	expect(anyFirstComment({ base: 'Für alle', platforms: { mastodon: 'Mastodon' } })).toBe('Für alle')
	expect(anyFirstComment({ base: ' ', platforms: { mastodon: 'Mastodon' } })).toBe('Mastodon')
	expect(anyFirstComment({ base: '', platforms: {}, channels: { x: 'Kanal' } })).toBe('Kanal')
})
