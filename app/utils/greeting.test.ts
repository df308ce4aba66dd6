import { expect, test } from 'vitest'
import { badgeCount, firstName, greetingFor, planLabelKey } from './greeting.ts'

test('greeting follows the hour in Zurich, including across daylight saving', () => {
	// 09:30 UTC in winter is 10:30 in Zurich (morning); in summer 11:30 (noon).
	expect(greetingFor(new Date('2026-01-15T09:30:00Z'))).toBe('morning')
	expect(greetingFor(new Date('2026-07-15T09:30:00Z'))).toBe('noon')
	expect(greetingFor(new Date('2026-01-15T10:00:00Z'))).toBe('noon') // 11:00
	expect(greetingFor(new Date('2026-01-15T12:59:00Z'))).toBe('noon') // 13:59
	expect(greetingFor(new Date('2026-01-15T13:00:00Z'))).toBe('afternoon') // 14:00
	expect(greetingFor(new Date('2026-01-15T15:59:00Z'))).toBe('afternoon') // 16:59
	expect(greetingFor(new Date('2026-01-15T16:00:00Z'))).toBe('evening') // 17:00
	expect(greetingFor(new Date('2026-01-14T23:30:00Z'))).toBe('morning') // 00:30
	expect(greetingFor(new Date('2026-01-15T16:00:00Z'), 'America/New_York')).toBe('noon') // 11:00 there
})

test('first name falls back to null for empty names', () => {
	expect(firstName('Anna Muster')).toBe('Anna')
	expect(firstName('  ')).toBeNull()
	expect(firstName(null)).toBeNull()
})

test('drafts badge caps at 99+', () => {
	expect(badgeCount(0)).toBe('0')
	expect(badgeCount(99)).toBe('99')
	expect(badgeCount(100)).toBe('99+')
})

test('plan label: Pro, Premium, Basic, otherwise Free', () => {
	expect(planLabelKey('pro', null)).toBe('plan.pro')
	expect(planLabelKey('free', 'premium')).toBe('plan.premium')
	expect(planLabelKey('basic', null)).toBe('plan.basic')
	expect(planLabelKey('free', null)).toBe('plan.free')
})
