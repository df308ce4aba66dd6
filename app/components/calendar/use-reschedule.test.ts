import { expect, test } from 'vitest'
import type { CalendarPost } from './types.ts'
import { totalsWithMoves } from './use-reschedule.tsx'

const post = (id: string, date: string): CalendarPost => ({ id, title: id, platform: 'linkedin', status: 'scheduled', date, time: '10:00', channels: [] })

test("a post on its way to another day counts there, not on its old day, until the loader's totals arrive", () => {
	const totals = { '2026-12-01': 5, '2026-12-02': 1 }
	const loaded = [post('a', '2026-12-01'), post('b', '2026-12-01'), post('c', '2026-12-01'), post('d', '2026-12-02')]
	expect(totalsWithMoves(totals, loaded, loaded)).toBe(totals)
	const moved = [post('a', '2026-12-03'), loaded[1]!, loaded[2]!, post('d', '2026-12-01')]
	expect(totalsWithMoves(totals, loaded, moved)).toEqual({ '2026-12-01': 5, '2026-12-02': 0, '2026-12-03': 1 })
	expect(totals).toEqual({ '2026-12-01': 5, '2026-12-02': 1 })
})
