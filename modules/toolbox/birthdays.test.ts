import { expect, test } from 'vitest'
import { BirthdayContactSchema, birthdayDue, celebratedOn, greetingInstant, greetingText } from './birthdays.ts'

test('29 February is celebrated on 28 February outside leap years', () => {
	expect(celebratedOn(2, 29, 2028)).toBe('02-29')
	expect(celebratedOn(2, 29, 2027)).toBe('02-28')
	expect(celebratedOn(3, 1, 2027)).toBe('03-01')
	const leapling = { birthMonth: 2, birthDay: 29 }
	expect(birthdayDue(leapling, new Date('2027-02-28T10:00:00Z'), 'Europe/Zurich', '09:00').due).toBe(true)
	expect(birthdayDue(leapling, new Date('2027-03-01T10:00:00Z'), 'Europe/Zurich', '09:00').due).toBe(false)
	expect(birthdayDue(leapling, new Date('2028-02-28T10:00:00Z'), 'Europe/Zurich', '09:00').due).toBe(false)
	expect(birthdayDue(leapling, new Date('2028-02-29T10:00:00Z'), 'Europe/Zurich', '09:00').due).toBe(true)
})

test('due on the day in the user\'s time zone, from scheduleTime on', () => {
	const contact = { birthMonth: 6, birthDay: 15 }
	// 08:30 UTC = 10:30 in Zurich (summer time), 04:30 in New York.
	const at = new Date('2026-06-15T08:30:00Z')
	expect(birthdayDue(contact, at, 'Europe/Zurich', '09:00')).toMatchObject({ due: true, year: 2026, date: '2026-06-15', localTime: '10:30' })
	expect(birthdayDue(contact, at, 'America/New_York', '09:00').due).toBe(false)
	expect(birthdayDue(contact, new Date('2026-06-15T13:00:00Z'), 'America/New_York', '09:00').due).toBe(true)
	// 23:30 UTC on the 14th is already the 15th in Zurich.
	expect(birthdayDue(contact, new Date('2026-06-14T23:30:00Z'), 'Europe/Zurich', '00:00').due).toBe(true)
	expect(birthdayDue(contact, new Date('2026-06-14T23:30:00Z'), 'Atlantic/Reykjavik', '00:00').due).toBe(false)
})

test('a scheduled greeting goes out at scheduleTime, or in a few minutes when that is past', () => {
	const now = new Date('2026-06-15T05:00:00Z') // 07:00 Zurich
	expect(greetingInstant('2026-06-15', '09:00', 'Europe/Zurich', now).toISOString()).toBe('2026-06-15T07:00:00.000Z')
	const late = new Date('2026-06-15T10:00:00Z')
	expect(greetingInstant('2026-06-15', '09:00', 'Europe/Zurich', late).toISOString()).toBe('2026-06-15T10:05:00.000Z')
})

test('the greeting weaves in the name and the note when personal', () => {
	const text = greetingText({ name: 'Anna Muster', note: 'unser Projekt in Bern', birthYear: 1986 }, 2026, true)
	expect(text).toContain('Anna')
	expect(text).toContain('unser Projekt in Bern')
	expect(text).toContain('40 Jahre')
	expect(greetingText({ name: 'Anna Muster', note: 'geheim', birthYear: null }, 2026, false)).not.toContain('geheim')
})

test('the contact schema checks the date and the platform', () => {
	expect(BirthdayContactSchema.safeParse({ name: 'Anna', birthMonth: '2', birthDay: '29', platform: 'linkedin' }).success).toBe(true)
	expect(BirthdayContactSchema.safeParse({ name: 'Anna', birthMonth: '2', birthDay: '30', platform: 'linkedin' }).success).toBe(false)
	expect(BirthdayContactSchema.safeParse({ name: 'Anna', birthMonth: '2', birthDay: '29', birthYear: '2027', platform: 'linkedin' }).success).toBe(false)
	expect(BirthdayContactSchema.safeParse({ name: '  ', birthMonth: '1', birthDay: '1', platform: 'linkedin' }).success).toBe(false)
	// The schema checks the id's pattern; addBirthdayContact checks the registry (tests/integration/toolbox.test.ts).
	expect(BirthdayContactSchema.safeParse({ name: 'Anna', birthMonth: '1', birthDay: '1', platform: 'My Space' }).success).toBe(false)
	expect(BirthdayContactSchema.parse({ name: ' Anna ', birthMonth: '4', birthDay: '1', birthYear: '', platform: 'threads' })).toEqual({ name: 'Anna', birthMonth: 4, birthDay: 1, birthYear: undefined, platform: 'threads', note: '' })
})
