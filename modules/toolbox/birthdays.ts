import { z } from 'zod'
import { PLATFORM_ID_PATTERN } from '#modules/publishing/descriptor.ts'
import { fromInstant, toInstant } from '#modules/scheduling/index.ts'

// The birthdayWishes tool's pure parts: the contact form's schema, when a birthday is due in the
// user's time zone (29 February is celebrated on 28 February in other years), the greeting text.

export const MAX_BIRTHDAY_CONTACTS = 200

export const BirthdayContactSchema = z
	.object({
		name: z.string({ error: 'errors.nameRequired' }).trim().min(1, { error: 'errors.nameRequired' }).max(100, { error: 'errors.tooLong' }),
		birthMonth: z.coerce.number({ error: 'errors.birthday' }).int({ error: 'errors.birthday' }).min(1, { error: 'errors.birthday' }).max(12, { error: 'errors.birthday' }),
		birthDay: z.coerce.number({ error: 'errors.birthday' }).int({ error: 'errors.birthday' }).min(1, { error: 'errors.birthday' }).max(31, { error: 'errors.birthday' }),
		birthYear: z.preprocess(
			(v) => (v === '' || v === null || v === undefined ? undefined : v),
			z.coerce.number({ error: 'errors.birthYear' }).int({ error: 'errors.birthYear' }).min(1900, { error: 'errors.birthYear' }).max(2100, { error: 'errors.birthYear' }).optional(),
		),
		// By its pattern here; addBirthdayContact checks it against the registry.
		platform: z.string({ error: 'errors.platformsRequired' }).regex(PLATFORM_ID_PATTERN, { error: 'errors.platformsRequired' }),
		note: z.string().trim().max(300, { error: 'errors.tooLong' }).optional().default(''),
	})
	.refine((c) => c.birthDay <= daysInMonth(c.birthMonth, c.birthYear ?? 2000), { error: 'errors.birthday', path: ['birthDay'] })

export type BirthdayContactInput = z.output<typeof BirthdayContactSchema>

function daysInMonth(month: number, year: number) {
	return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

export function isLeapYear(year: number) {
	return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

/** The day a birthday is celebrated in a year ('MM-DD'): 29 February becomes 28 February outside leap years. */
export function celebratedOn(month: number, day: number, year: number) {
	const d = month === 2 && day === 29 && !isLeapYear(year) ? 28 : day
	return `${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

export type BirthdayDue = { due: boolean; year: number; date: string; localTime: string }

/** Whether a contact's greeting is due now: it is their birthday in the user's time zone and scheduleTime has come. */
export function birthdayDue(contact: { birthMonth: number; birthDay: number }, now: Date, timeZone: string, scheduleTime: string): BirthdayDue {
	const local = fromInstant(now, timeZone)
	const year = Number(local.date.slice(0, 4))
	const due = local.date.slice(5) === celebratedOn(contact.birthMonth, contact.birthDay, year) && local.time >= scheduleTime
	return { due, year, date: local.date, localTime: local.time }
}

/** When a scheduled greeting goes out: scheduleTime today, or in a few minutes when that is past. */
export function greetingInstant(date: string, scheduleTime: string, timeZone: string, now: Date, delayMinutes = 5) {
	const planned = toInstant(date, scheduleTime, timeZone)
	return planned.getTime() > now.getTime() + 60_000 ? planned : new Date(now.getTime() + delayMinutes * 60_000)
}

/** A short, warm German greeting; with personalMessage the name and the note are woven in. */
export function greetingText(contact: { name: string; note: string; birthYear: number | null }, year: number, personal: boolean) {
	const firstName = contact.name.trim().split(/\s+/)[0] ?? contact.name
	if (!personal) return `Alles Gute zum Geburtstag, ${contact.name}! 🎉`
	const age = contact.birthYear ? year - contact.birthYear : null
	const lines = [`Alles Gute zum Geburtstag, ${firstName}! 🎂`]
	if (age && age > 0 && age < 130 && age % 10 === 0) lines.push(`${age} Jahre – ein runder Geburtstag, der gefeiert werden will!`)
	const note = contact.note.trim().replace(/[.!]+$/, '')
	if (note) lines.push(`Heute denke ich besonders an: ${note}. Schön, dass es dich gibt!`)
	lines.push('Ich wünsche dir einen wunderbaren Tag und ein neues Lebensjahr voller Freude, Gesundheit und schöner Momente.')
	return lines.join('\n\n')
}
