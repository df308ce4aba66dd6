import { expect, test } from 'vitest'
import { postOfRow, postRow, type CalendarPost } from './types.ts'

test('a post travels to the page as an array and comes back whole', () => {
	const post: CalendarPost = { id: 'a1', title: 'Titel', platform: 'linkedin', status: 'published', date: '2026-11-30', time: '08:15', channels: [] }
	expect(postRow(post)).toEqual(['a1', '2026-11-30', '08:15', 'Titel', 'linkedin', 'published', []])
	expect(postOfRow(postRow(post))).toEqual(post)
})

test('its channels travel as [network, name] pairs', () => {
	const channels = [
		{ platform: 'instagram', name: 'Bäckerei Winterthur' },
		{ platform: 'instagram', name: 'Café am Markt' },
	]
	const post: CalendarPost = { id: 'a2', title: 'Zopf', platform: 'instagram', status: 'scheduled', date: '2026-12-01', time: '09:00', channels }
	expect(postRow(post)[6]).toEqual([
		['instagram', 'Bäckerei Winterthur'],
		['instagram', 'Café am Markt'],
	])
	expect(postOfRow(postRow(post))).toEqual(post)
})
