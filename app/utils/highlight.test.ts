import { expect, test } from 'vitest'
import { markedParts, searchHref, unmarked } from './highlight.ts'

test('marked fragments become text parts; other markup stays plain text', () => {
	expect(markedParts('Unsere <mark>Firmen</mark> wachsen <img src=x onerror=alert(1)>')).toEqual([
		{ text: 'Unsere ', mark: false },
		{ text: 'Firmen', mark: true },
		{ text: ' wachsen <img src=x onerror=alert(1)>', mark: false },
	])
	expect(markedParts('')).toEqual([])
	expect(unmarked('a <mark>b</mark> c')).toBe('a b c')
})

test('posts and drafts open in the creator, ideas and news in the feed', () => {
	expect(searchHref({ kind: 'post', id: 'p1' })).toBe('/create-post?post=p1')
	expect(searchHref({ kind: 'draft', id: 'd1' })).toBe('/create-post?draft=d1')
	expect(searchHref({ kind: 'idea', id: 'i1' })).toBe('/news')
	expect(searchHref({ kind: 'news', id: 'n1' })).toBe('/news')
})
