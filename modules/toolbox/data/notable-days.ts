// Notable days the eventPlanning tool plans for besides the public holidays of the holiday library.
// Maintained here: a fixed date ('MM-DD') or a rule for days that move. `type` is the event type of
// the tool's settings that includes the day; `aliases` are holiday names of the library that mean
// the same day (so it is not planned twice).

export type NotableDayRule =
	| { kind: 'fixed'; monthDay: string }
	/** The n-th weekday (0 Sunday .. 6 Saturday) of a month; n = -1 for the last one. */
	| { kind: 'nthWeekday'; month: number; weekday: number; n: number; offsetDays?: number }

export type NotableDay = {
	name: string
	type: 'holidays' | 'awareness_days' | 'industry'
	rule: NotableDayRule
	aliases?: Array<string>
	/** One sentence on what the day is about, used in the idea's description. */
	about: string
}

export const notableDays: Array<NotableDay> = [
	{ name: 'Valentinstag', type: 'holidays', rule: { kind: 'fixed', monthDay: '02-14' }, about: 'der Tag der Liebe und Wertschätzung' },
	{ name: 'Weltfrauentag', type: 'awareness_days', rule: { kind: 'fixed', monthDay: '03-08' }, aliases: ['Internationaler Frauentag', 'Frauentag'], about: 'der internationale Tag für die Rechte der Frauen' },
	{ name: 'Weltgesundheitstag', type: 'awareness_days', rule: { kind: 'fixed', monthDay: '04-07' }, about: 'der Tag der Weltgesundheitsorganisation' },
	{ name: 'Tag der Erde', type: 'awareness_days', rule: { kind: 'fixed', monthDay: '04-22' }, about: 'der Tag für Umwelt- und Klimaschutz' },
	{ name: 'Welttag des Buches', type: 'awareness_days', rule: { kind: 'fixed', monthDay: '04-23' }, about: 'der Tag des Lesens und der Bücher' },
	{ name: 'Tag der Arbeit', type: 'holidays', rule: { kind: 'fixed', monthDay: '05-01' }, aliases: ['Maifeiertag', 'Staatsfeiertag'], about: 'der Tag der Arbeit und der Arbeitenden' },
	{ name: 'Muttertag', type: 'holidays', rule: { kind: 'nthWeekday', month: 5, weekday: 0, n: 2 }, about: 'der Tag, an dem Mütter gefeiert werden' },
	{ name: 'Weltumwelttag', type: 'awareness_days', rule: { kind: 'fixed', monthDay: '06-05' }, about: 'der Umwelttag der Vereinten Nationen' },
	{ name: 'Tag der Freundschaft', type: 'awareness_days', rule: { kind: 'fixed', monthDay: '07-30' }, about: 'der internationale Tag der Freundschaft' },
	{ name: 'Weltkindertag', type: 'awareness_days', rule: { kind: 'fixed', monthDay: '09-20' }, about: 'der Tag für die Rechte der Kinder' },
	{ name: 'Tag der psychischen Gesundheit', type: 'awareness_days', rule: { kind: 'fixed', monthDay: '10-10' }, about: 'der Welttag der psychischen Gesundheit' },
	{ name: 'Halloween', type: 'holidays', rule: { kind: 'fixed', monthDay: '10-31' }, about: 'die Nacht der Kürbisse und Kostüme' },
	{ name: 'Black Friday', type: 'holidays', rule: { kind: 'nthWeekday', month: 11, weekday: 4, n: 4, offsetDays: 1 }, about: 'der grösste Shopping-Tag des Jahres' },
	{ name: 'Cyber Monday', type: 'holidays', rule: { kind: 'nthWeekday', month: 11, weekday: 4, n: 4, offsetDays: 4 }, about: 'der Online-Shopping-Tag nach dem Black Friday' },
	{ name: 'Nikolaustag', type: 'holidays', rule: { kind: 'fixed', monthDay: '12-06' }, aliases: ['Nikolaus', 'St. Nikolaus'], about: 'der Tag des Samichlaus und Nikolaus' },
	{ name: 'Silvester', type: 'holidays', rule: { kind: 'fixed', monthDay: '12-31' }, aliases: ['Silvesterabend'], about: 'der letzte Tag des Jahres' },
]
