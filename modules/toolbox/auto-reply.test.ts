import { expect, test } from 'vitest'
import { autoReplyConfigured, matchesKeywords, pickTemplate, renderReply } from './automations/auto-reply.ts'

test('keywords match case-insensitively as words or parts of words', () => {
	expect(matchesKeywords('Was ist der PREIS?', ['preis'])).toBe(true)
	expect(matchesKeywords('Preisliste bitte', ['preis'])).toBe(true)
	expect(matchesKeywords('Größe M?', ['grösse', 'größe'])).toBe(true)
	expect(matchesKeywords('Toller Beitrag', ['preis', 'kosten'])).toBe(false)
	expect(matchesKeywords('irgendwas', [])).toBe(false)
	expect(matchesKeywords('irgendwas', ['  '])).toBe(false)
})

test('the template is the same for the same comment and spreads over the templates', () => {
	const templates = ['A', 'B', 'C']
	expect(pickTemplate('comment-1', templates)).toBe(pickTemplate('comment-1', templates))
	const picked = new Set(Array.from({ length: 40 }, (_, i) => pickTemplate(`c-${i}`, templates)))
	expect(picked).toEqual(new Set(templates))
	expect(pickTemplate('x', ['nur eine'])).toBe('nur eine')
})

test('{name} becomes the commenter; without a name the reply stays tidy', () => {
	expect(renderReply('Hallo {name}, danke!', 'Anna  Muster')).toBe('Hallo Anna Muster, danke!')
	expect(renderReply('Hallo {name}, danke!', '')).toBe('Hallo, danke!')
	expect(renderReply('Danke {name}!', ' ')).toBe('Danke!')
	expect(renderReply('Ohne Platzhalter', 'Anna')).toBe('Ohne Platzhalter')
})

test('without keywords or templates the tool answers nothing', () => {
	expect(autoReplyConfigured({ keywords: [], responseTemplates: ['x'] })).toBe(false)
	expect(autoReplyConfigured({ keywords: ['x'], responseTemplates: [] })).toBe(false)
	expect(autoReplyConfigured({ keywords: ['x'], responseTemplates: ['y'] })).toBe(true)
})
