import { expect, test } from 'vitest'
import { entriesOf, listOf, moved, networksWithout } from './media-strip-list.ts'

const carousel = (maxItems: number) => ({ carousel: { minItems: 2, maxItems, mixed: false, sameAspect: false }, video: null, document: null, altText: null, firstComment: null, aiFlag: false })

test('the save sends stored items by id and new ones by key, alt text trimmed for images only', () => {
	const stored = entriesOf([{ id: 'a', kind: 'image', url: '/media/a.jpg', networks: null, altText: 'Alt', aiGenerated: false, width: null, height: null, contentType: null, sizeBytes: null, durationMs: null, pages: null, coverUrl: null, coverAtMs: null, state: 'ready', title: null }])
	const list = listOf([...stored, { key: 'n', fileKey: 'images/b.jpg', url: '/media/images/b.jpg', kind: 'image', altText: '  ', state: 'ready' }, { key: 'v', fileKey: 'videos/c.mp4', url: '/media/videos/c.mp4', kind: 'video', altText: '', state: 'ready' }])
	expect(list).toEqual([{ id: 'a', altText: 'Alt' }, { fileKey: 'images/b.jpg', altText: null }, { fileKey: 'videos/c.mp4' }])
})

test('an item past a network’s carousel maximum names that network and its limit; a network without carousels takes one', () => {
	const platforms = [
		{ id: 'instagram', name: 'Instagram', media: carousel(10) },
		{ id: 'bluesky', name: 'Bluesky', media: carousel(4) },
		{ id: 'solo', name: 'Solo', media: { ...carousel(1), carousel: null } },
	]
	expect(networksWithout(0, platforms)).toEqual([])
	expect(networksWithout(1, platforms)).toEqual([{ network: 'Solo', max: 1 }])
	expect(networksWithout(10, platforms)).toEqual([{ network: 'Instagram', max: 10 }, { network: 'Bluesky', max: 4 }, { network: 'Solo', max: 1 }])
})

test('a move puts the item at its new place', () => {
	expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
	expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
})
