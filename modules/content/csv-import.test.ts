import { expect, test } from 'vitest'
import { testPlatforms } from '#tests/support/platforms.ts'
import { CSV_MAX_BYTES, decodeCsv, parseCsvDate, parseCsvTime, parseNetworks, readCsvFile, readCsvRow, sampleCsv } from './csv-import.ts'

const known = testPlatforms.descriptors.map((d) => ({ id: d.id, name: d.name }))
const [first, second] = known
const utf8 = (text: string) => new TextEncoder().encode(text)
/** Windows-1252 bytes of a Latin-1 string (ä ö ü é are the same code points there). */
const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)))

async function rowsOf(bytes: Uint8Array) {
	const read = await readCsvFile(bytes)
	if (!read.ok) throw new Error(read.message)
	return read
}

test('UTF-8 with and without BOM: the header is found either way, umlauts stay', async () => {
	for (const bom of ['\uFEFF', '']) {
		const read = await rowsOf(utf8(`${bom}text;netzwerke\nGrüezi mitenand;${first!.name}\n`))
		expect(read.rows).toEqual([{ row: 2, text: 'Grüezi mitenand', networks: first!.name, date: '', time: '', imageUrl: '', firstComment: '' }])
	}
})

test('Windows-1252 (Excel on Windows): ä ö ü é are read right', async () => {
	const bytes = cp1252('text;netzwerke\nSchöne Grüsse aus Zürich, café;x\n')
	expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow()
	expect(decodeCsv(bytes)).toContain('Schöne Grüsse aus Zürich, café')
	expect((await rowsOf(bytes)).rows[0]!.text).toBe('Schöne Grüsse aus Zürich, café')
})

test("';' or ',' as delimiter, detected from the header line", async () => {
	const semicolon = await rowsOf(utf8('text;netzwerke;datum\n"Hallo, Welt";a,b;01.12.2030\n'))
	expect(semicolon.delimiter).toBe(';')
	expect(semicolon.rows[0]).toMatchObject({ text: 'Hallo, Welt', networks: 'a,b', date: '01.12.2030' })
	const comma = await rowsOf(utf8('text,netzwerke,datum\n"Hallo; Welt","a; b",2030-12-01\n'))
	expect(comma.delimiter).toBe(',')
	expect(comma.rows[0]).toMatchObject({ text: 'Hallo; Welt', networks: 'a; b', date: '2030-12-01' })
})

test('quoted fields with line breaks and doubled quotes; row numbers count records, not lines', async () => {
	const read = await rowsOf(utf8('text;netzwerke\r\n"Erste Zeile\r\nZweite ""Zeile""";x\r\nNächster Post;y\r\n;;\r\n'))
	expect(read.rows).toHaveLength(2)
	expect(read.rows[0]!.text).toBe('Erste Zeile\r\nZweite "Zeile"')
	expect(read.rows[1]).toMatchObject({ row: 3, text: 'Nächster Post' })
})

test('unknown columns are ignored and named; English headers and other spellings are accepted', async () => {
	const read = await rowsOf(utf8('Text;Networks;Date;Uhrzeit;Image URL;First comment;Kampagne\nA;x;01.12.2030;9:30;https://bilder.example/a.jpg;Danke;Herbst\n'))
	expect(read.ignoredColumns).toEqual(['Kampagne'])
	expect(read.rows[0]).toEqual({ row: 2, text: 'A', networks: 'x', date: '01.12.2030', time: '9:30', imageUrl: 'https://bilder.example/a.jpg', firstComment: 'Danke' })
})

test('too many rows, too large, not text, no rows, missing columns, broken quotes: German messages', async () => {
	const many = `text;netzwerke\n${'Post;x\n'.repeat(1001)}`
	expect(await readCsvFile(utf8(many))).toEqual({ ok: false, message: expect.stringContaining('höchstens 1000 Zeilen') })
	expect((await readCsvFile(utf8(`text;netzwerke\n${'Post;x\n'.repeat(1000)}`))).ok).toBe(true)
	// Rows of the wrong length or of empty cells count too: the reader stops early instead of reading them all.
	for (const line of ['a\n', ';;\n', '\n']) expect(await readCsvFile(utf8(`text;netzwerke\n${line.repeat(200_000)}`))).toMatchObject({ ok: false, message: expect.stringMatching(/höchstens 1000 Zeilen|keine Zeilen/) })
	expect(await readCsvFile(utf8(`${'x;'.repeat(500_000)}\nA;B\n`))).toEqual({ ok: false, message: expect.stringContaining('mehr als 100 Spalten') })
	expect(await readCsvFile(new Uint8Array(CSV_MAX_BYTES + 1).fill(0x41))).toEqual({ ok: false, message: expect.stringContaining('grösser als 2 MB') })
	const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
	expect(await readCsvFile(png)).toEqual({ ok: false, message: expect.stringContaining('keine CSV-Datei') })
	expect(await readCsvFile(utf8('text;netzwerke\n'))).toEqual({ ok: false, message: expect.stringContaining('keine Zeilen') })
	expect(await readCsvFile(utf8('titel;datum\nA;01.12.2030\n'))).toEqual({ ok: false, message: expect.stringContaining('text, netzwerke'), mapping: { headers: ['titel', 'datum'], guess: { datum: 1 } } })
	expect(await readCsvFile(utf8('text;netzwerke\n"offen;x\n'))).toEqual({ ok: false, message: expect.stringContaining('nicht gelesen werden') })
})

test('dates dd.mm.yyyy or yyyy-mm-dd, times H:MM or HH:MM; impossible ones are null', async () => {
	expect(parseCsvDate('1.2.2030')).toBe('2030-02-01')
	expect(parseCsvDate('2030-02-01')).toBe('2030-02-01')
	expect(parseCsvDate('31.02.2030')).toBeNull()
	expect(parseCsvDate('02/01/2030')).toBeNull()
	expect(parseCsvTime('9:30')).toBe('09:30')
	expect(parseCsvTime('18:00:00')).toBe('18:00')
	expect(parseCsvTime('24:00')).toBeNull()
	expect(parseCsvTime('abends')).toBeNull()
})

test('networks by display name or id in any case, separated by commas, pipes or spaces; unknown ones named', async () => {
	expect(parseNetworks(`${first!.name.toUpperCase()}, ${second!.id}`, known).networks).toEqual([first!.id, second!.id])
	expect(parseNetworks(`${first!.id}|${second!.name} ${first!.name}`, known).networks).toEqual([first!.id, second!.id])
	expect(parseNetworks('Myspace', known)).toEqual({ networks: [], unknown: ['Myspace'] })
})

test('a row with problems gets one German message per wrong cell', async () => {
	const reading = readCsvRow({ row: 2, text: '', networks: 'Myspace', date: '32.01.2030', time: 'später', imageUrl: 'ftp://x/y.jpg', firstComment: '' }, known)
	expect(reading.problems.map((p) => p.field)).toEqual(['text', 'netzwerke', 'datum', 'zeit', 'bild_url'])
	expect(reading.problems[1]!.message).toContain('Unbekanntes Netzwerk „Myspace“')
	const good = readCsvRow({ row: 3, text: 'Hallo', networks: first!.name, date: '01.12.2030', time: '9:00', imageUrl: '', firstComment: 'Danke' }, known)
	expect(good).toMatchObject({ networks: [first!.id], date: '2030-12-01', time: '09:00', firstComment: 'Danke', problems: [] })
})

test('the sample file: BOM, German headers, two rows that the reader reads back without problems', async () => {
	const sample = sampleCsv(known, { first: '01.12.2030', second: '02.12.2030' })
	expect(sample.startsWith('\uFEFFtext;netzwerke;datum;zeit;bild_url;erster_kommentar\r\n')).toBe(true)
	const read = await rowsOf(utf8(sample))
	expect(read.rows).toHaveLength(2)
	expect(read.rows.map((r) => readCsvRow(r, known).problems)).toEqual([[], []])
})

test("other tools' exports: Hootsuite's Date,Message,Link asks for a mapping with guesses; with it the rows read (date and time in one cell, the link added to the text)", async () => {
	const hootsuite = utf8('Date,Message,Link\n31/12/2030 10:00,Frohes neues Jahr,https://beispiel.ch/neujahr\n"01/01/2031 09:30","Ohne Link, mit Komma",\n')
	const asked = await readCsvFile(hootsuite)
	expect(asked).toMatchObject({ ok: false, message: expect.stringContaining('netzwerke'), mapping: { headers: ['Date', 'Message', 'Link'], guess: { datum: 0, text: 1, link: 2 } } })
	const mapped = await readCsvFile(hootsuite, { columns: { datum: 0, text: 1, link: 2 }, networks: `${first!.name}, ${second!.name}` })
	if (!mapped.ok) throw new Error(mapped.message)
	expect(mapped.rows).toEqual([
		{ row: 2, text: 'Frohes neues Jahr\n\nhttps://beispiel.ch/neujahr', networks: `${first!.name}, ${second!.name}`, date: '31.12.2030', time: '10:00', imageUrl: '', firstComment: '' },
		{ row: 3, text: 'Ohne Link, mit Komma', networks: `${first!.name}, ${second!.name}`, date: '01.01.2031', time: '09:30', imageUrl: '', firstComment: '' },
	])
	expect(mapped.ignoredColumns).toEqual([])
	// Buffer's and Later's headers are found by name.
	const buffer = await rowsOf(utf8(`Text,Image URL,Posting Time,Profile\nHallo,https://bilder.example/a.jpg,2030-12-31 10:00,${first!.name}\n`))
	expect(buffer.rows[0]).toMatchObject({ text: 'Hallo', imageUrl: 'https://bilder.example/a.jpg', date: '2030-12-31', time: '10:00', networks: first!.name })
	const later = await rowsOf(utf8(`Caption;Media URL;Scheduled At;Channel\nHallo;;31.12.2030 10:30;${first!.name}\n`))
	expect(later.rows[0]).toMatchObject({ text: 'Hallo', date: '31.12.2030', time: '10:30' })
	// A mapping without a text column is still refused.
	expect(await readCsvFile(hootsuite, { columns: { datum: 0 }, networks: 'x' })).toMatchObject({ ok: false, message: expect.stringContaining('text') })
})
