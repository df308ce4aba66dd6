import { expect, test } from 'vitest'
import { postOfRow, postRow, type CalendarPost } from './types.ts'

test('a post travels to the page as an array and comes back whole', () => {
	const post: CalendarPost = { id: 'a1', title: 'Titel', platform: 'linkedin', status: 'published', date: '2026-11-30', time: '08:15' }
	expect(postRow(post)).toEqual(['a1', '2026-11-30', '08:15', 'Titel', 'linkedin', 'published'])
	expect(postOfRow(postRow(post))).toEqual(post)
})
