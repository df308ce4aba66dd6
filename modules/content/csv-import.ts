import { Parser } from 'csv-parse'
import messages from '#locales/de/csvImport.json' with { type: 'json' }
import { sniff } from '#modules/media/index.ts'
import { timeSlicer } from '#modules/core/time-slice.ts'
import { isValidDate, type ClockTime, type IsoDate } from '#modules/scheduling/index.ts'
import type { Platform } from './platforms.ts'
import { CSV_COLUMNS, type CsvColumn, type CsvMappable, type CsvMapping, type CsvMappingProposal } from './csv-columns.ts'
import { MAX_TEXT } from './schema.ts'

// 'CSV importieren' on Meine Posts: a spreadsheet's rows as posts. This file reads the file and each
// row's cells (pure); the server checks the rows against the schedule rules and the networks' rules.

export const CSV_MAX_BYTES = 2 * 1024 * 1024
export const CSV_MAX_ROWS = 1000

export { CSV_COLUMNS, CSV_MAPPABLE, type CsvColumn, type CsvMappable, type CsvMapping, type CsvMappingProposal } from './csv-columns.ts'

const ALIASES: Record<string, CsvMappable> = {
	text: 'text',
	inhalt: 'text',
	content: 'text',
	netzwerke: 'netzwerke',
	netzwerk: 'netzwerke',
	networks: 'netzwerke',
	network: 'netzwerke',
	plattformen: 'netzwerke',
	plattform: 'netzwerke',
	platforms: 'netzwerke',
	datum: 'datum',
	date: 'datum',
	zeit: 'zeit',
	uhrzeit: 'zeit',
	time: 'zeit',
	bild_url: 'bild_url',
	bild: 'bild_url',
	image_url: 'bild_url',
	imageurl: 'bild_url',
	image: 'bild_url',
	erster_kommentar: 'erster_kommentar',
	kommentar: 'erster_kommentar',
	first_comment: 'erster_kommentar',
	firstcomment: 'erster_kommentar',
	// Other tools' exports (Hootsuite: Date, Message, Link; Buffer: Text, Image URL, Posting Time; Later: Caption, Media URL, Scheduled At).
	message: 'text',
	caption: 'text',
	post: 'text',
	beitrag: 'text',
	posting_time: 'datum',
	scheduled_at: 'datum',
	scheduled_time: 'datum',
	publish_date: 'datum',
	date_time: 'datum',
	datetime: 'datum',
	media_url: 'bild_url',
	media: 'bild_url',
	photo_url: 'bild_url',
	profile: 'netzwerke',
	profiles: 'netzwerke',
	channel: 'netzwerke',
	channels: 'netzwerke',
	social_network: 'netzwerke',
	// A channel of the user's (issue 38): its name or id; several like netzwerke.
	kanal: 'kanal',
	kanäle: 'kanal',
	kanaele: 'kanal',
	channel_id: 'kanal',
	link: 'link',
	link_url: 'link',
}

/**
 * One data row as written in the file (cells trimmed); `row` is its row number in a spreadsheet (the
 * header is row 1). `channels`: the kanal cell (names or ids of the user's channels; the server reads it).
 */
export type CsvRow = { row: number; text: string; networks: string; channels?: string; date: string; time: string; imageUrl: string; firstComment: string }

export type CsvFileResult =
	| { ok: true; rows: Array<CsvRow>; ignoredColumns: Array<string>; delimiter: ';' | ',' }
	| { ok: false; message: string; mapping?: CsvMappingProposal }

export function fill(template: string, values: Record<string, string | number>) {
	return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''))
}

/** UTF-8 (a BOM is dropped) when the bytes are valid UTF-8, else Windows-1252 (Excel's "CSV" on Windows). */
export function decodeCsv(bytes: Uint8Array): string {
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		return new TextDecoder('windows-1252').decode(bytes)
	}
}

function headerLine(text: string) {
	const end = text.search(/\r?\n/)
	return end === -1 ? text : text.slice(0, end)
}

/** ';' when the header line has more semicolons than commas (Excel in DACH writes ';'), else ','. */
export function detectDelimiter(text: string): ';' | ',' {
	const header = headerLine(text)
	const count = (c: string) => header.split(c).length - 1
	return count(';') > count(',') ? ';' : ','
}

function looksBinary(bytes: Uint8Array, text: string) {
	const type = sniff(bytes)
	if (type !== null && type !== 'text') return true
	if (bytes.subarray(0, 64 * 1024).includes(0)) return true
	let controls = 0
	for (let i = 0; i < Math.min(text.length, 64 * 1024); i++) {
		const code = text.charCodeAt(i)
		if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) controls++
	}
	return controls * 20 > Math.min(text.length, 64 * 1024)
}

/** The header cell as a column name: lower case, spaces and hyphens as '_'. */
function columnOf(header: string): CsvMappable | null {
	const key = header.trim().toLowerCase().replace(/[\s-]+/g, '_')
	return ALIASES[key] ?? null
}

/** Blank lines and rows of empty cells the reader passes over before it gives up (a file of 200 000 ';' lines). */
const CSV_MAX_BLANK_RECORDS = 1000
/** More columns than any export has; a header of a million ';' is refused before it costs anything. */
export const CSV_MAX_COLUMNS = 100
/** The text is fed to the parser in slices this long, with a turn of the event loop between them when due. */
const PARSE_CHUNK = 2048

type RecordsRead = { ok: true; records: Array<Array<string>>; more: boolean } | { ok: false; message: string }

const isBlank = (record: ReadonlyArray<string>) => record.every((cell) => cell.trim() === '')

/**
 * The header and at most CSV_MAX_ROWS + 1 data records, streamed: the parser stops at the first record
 * past the limit (`more`), so the work per upload is bounded by rows, not by the file's lines, and it
 * gives the event loop a turn every few milliseconds. (csv-parse makes an Error object for each row
 * of the wrong length under relax_column_count, ~40 µs: reading a 200 000-line file whole took seconds.)
 */
async function readRecords(text: string, delimiter: ';' | ','): Promise<RecordsRead> {
	const parser = new Parser({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true })
	const records: Array<Array<string>> = []
	let blanks = 0
	let tooWide = false
	let failure: { lines?: number } | null = null
	parser.on('data', (record: Array<string>) => {
		if (record.length > CSV_MAX_COLUMNS) tooWide = true
		else if (isBlank(record)) blanks++
		else records.push(record)
	})
	parser.on('error', (error: { lines?: number }) => (failure = error))
	const ended = new Promise<void>((resolve) => {
		parser.on('end', resolve)
		parser.on('close', resolve)
	})
	const slice = timeSlicer(10)
	const full = () => tooWide || records.length > CSV_MAX_ROWS + 1 || blanks > CSV_MAX_BLANK_RECORDS
	for (let offset = 0; offset < text.length && !failure && !full(); offset += PARSE_CHUNK) {
		parser.write(text.slice(offset, offset + PARSE_CHUNK))
		// The records of this slice arrive on the next ticks; a turn of the loop is due anyway.
		await new Promise((resolve) => setImmediate(resolve))
		await slice()
	}
	if (failure) return { ok: false, message: fill(messages.errors.malformed, { line: (failure as { lines?: number }).lines ?? 1 }) }
	if (full()) {
		parser.destroy()
		if (tooWide) return { ok: false, message: fill(messages.errors.tooManyColumns, { max: CSV_MAX_COLUMNS }) }
		return { ok: true, records: records.slice(0, CSV_MAX_ROWS + 2), more: true }
	}
	parser.end()
	await ended
	if (failure) return { ok: false, message: fill(messages.errors.malformed, { line: (failure as { lines?: number }).lines ?? 1 }) }
	return { ok: true, records, more: false }
}

/** The file's columns as the header names them (the first of each name). */
function guessColumns(header: ReadonlyArray<string>) {
	const guess: Partial<Record<CsvMappable, number>> = {}
	header.forEach((name, index) => {
		const column = columnOf(name)
		if (column && guess[column] === undefined) guess[column] = index
	})
	return guess
}

/** A date cell that holds the time too ("31.12.2030 10:00", "2030-12-31T10:00", Hootsuite's "31/12/2030 10:00", day first). */
function splitDateTime(date: string, time: string) {
	const match = time ? null : /^(\d{1,2}[./]\d{1,2}[./]\d{4}|\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2})(?::\d{2})?$/.exec(date)
	return match ? { date: match[1]!.replaceAll('/', '.'), time: match[2]! } : { date, time }
}

/**
 * Reads an uploaded CSV file: encoding, delimiter, header, at most CSV_MAX_ROWS rows. German messages
 * for what cannot be read. Columns are found by their names, or by the user's `mapping`; a file
 * without a text or networks column answers the proposal of a mapping (the headers, the guesses).
 */
export async function readCsvFile(bytes: Uint8Array, mapping?: CsvMapping): Promise<CsvFileResult> {
	const errors = messages.errors
	if (bytes.byteLength > CSV_MAX_BYTES) return { ok: false, message: errors.tooLarge }
	const text = decodeCsv(bytes)
	if (looksBinary(bytes, text)) return { ok: false, message: errors.notText }
	if (!text.trim()) return { ok: false, message: errors.empty }
	const delimiter = detectDelimiter(text)
	if (headerLine(text).split(delimiter).length > CSV_MAX_COLUMNS) return { ok: false, message: fill(errors.tooManyColumns, { max: CSV_MAX_COLUMNS }) }
	const read = await readRecords(text, delimiter)
	if (!read.ok) return read
	const [header, ...data] = read.records
	if (read.more || data.length > CSV_MAX_ROWS) return { ok: false, message: fill(errors.tooManyRows, { max: CSV_MAX_ROWS }) }
	if (!header || data.length === 0) return { ok: false, message: errors.empty }
	const guess = guessColumns(header)
	const positions = mapping ? Object.fromEntries(Object.entries(mapping.columns).filter(([, index]) => index !== undefined && index < header.length)) : guess
	const fallbackNetworks = mapping?.networks.trim() ?? ''
	const missing = (['text', 'netzwerke'] as const).filter((c) => positions[c] === undefined && !(c === 'netzwerke' && (fallbackNetworks || positions.kanal !== undefined)))
	if (missing.length) return { ok: false, message: fill(errors.missingColumns, { columns: missing.join(', ') }), mapping: { headers: header.map((h) => h.trim()), guess } }
	const used = new Set(Object.values(positions))
	const ignoredColumns = header.filter((name, i) => !used.has(i) && name.trim()).map((name) => name.trim())
	const cell = (record: Array<string>, column: CsvMappable) => {
		const index = positions[column]
		return index === undefined ? '' : (record[index] ?? '').trim()
	}
	const rows = data.map((record, index) => {
		const link = cell(record, 'link')
		const body = cell(record, 'text')
		return {
			row: index + 2,
			text: link && !body.includes(link) ? (body ? `${body}\n\n${link}` : link) : body,
			networks: cell(record, 'netzwerke') || (cell(record, 'kanal') ? '' : fallbackNetworks),
			...(positions.kanal !== undefined ? { channels: cell(record, 'kanal') } : {}),
			...splitDateTime(cell(record, 'datum'), cell(record, 'zeit')),
			imageUrl: cell(record, 'bild_url'),
			firstComment: cell(record, 'erster_kommentar'),
		}
	})
	return { ok: true, rows, ignoredColumns, delimiter }
}

/** dd.mm.yyyy (also d.m.yyyy) or yyyy-mm-dd as an ISO date; null when it is neither or no such day. */
export function parseCsvDate(value: string): IsoDate | null {
	const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value)
	const iso = german ? `${german[3]}-${german[2]!.padStart(2, '0')}-${german[1]!.padStart(2, '0')}` : /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null
	return iso && isValidDate(iso) ? iso : null
}

/** H:MM or HH:MM (a spreadsheet's HH:MM:00 too) as HH:MM; null when it is not a time of day. */
export function parseCsvTime(value: string): ClockTime | null {
	const match = /^(\d{1,2})[:.](\d{2})(?::00)?$/.exec(value)
	if (!match) return null
	const hours = Number(match[1])
	const minutes = Number(match[2])
	if (hours > 23 || minutes > 59) return null
	return `${String(hours).padStart(2, '0')}:${match[2]}`
}

export type CsvNetwork = { id: Platform; name: string }
export type CsvField = CsvColumn
export type CsvProblem = { field: CsvField; message: string }

/** A row's cells as the post they describe, with a German problem per cell that is wrong. */
export type CsvRowReading = {
	text: string
	networks: Array<Platform>
	date: IsoDate | null
	time: ClockTime | null
	imageUrl: string | null
	firstComment: string | null
	problems: Array<CsvProblem>
}

/**
 * The networks of a cell: names or ids as the registry knows them (any case), separated by commas,
 * pipes, semicolons or spaces ("LinkedIn, Instagram", "linkedin|bluesky").
 */
export function parseNetworks(value: string, known: ReadonlyArray<CsvNetwork>): { networks: Array<Platform>; unknown: Array<string> } {
	const byName = new Map<string, Platform>()
	for (const network of known) {
		byName.set(network.id.toLowerCase(), network.id)
		byName.set(network.name.toLowerCase(), network.id)
	}
	const networks: Array<Platform> = []
	const unknown: Array<string> = []
	for (const part of value.split(/[,|;/]+/)) {
		const name = part.trim()
		if (!name) continue
		const whole = byName.get(name.toLowerCase())
		// A name with a space is looked up whole first, then word by word ("LinkedIn Bluesky").
		const found = whole ? [whole] : name.split(/\s+/).map((word) => byName.get(word.toLowerCase()) ?? word)
		for (const item of found) {
			if (known.some((n) => n.id === item)) {
				if (!networks.includes(item)) networks.push(item)
			} else unknown.push(item)
		}
	}
	return { networks, unknown }
}

export function isHttpUrl(value: string) {
	try {
		const url = new URL(value)
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
	} catch {
		return false
	}
}

/** How a checked row will be imported: a planned post, a draft, or not at all (it has problems, or the user has that post already). */
export type RowKind = 'planned' | 'draft' | 'error' | 'duplicate'
/** A row as the preview shows it: its cells (sent back on every step), what it resolved to, its German problems per cell. */
export type PreviewRow = CsvRow & {
	kind: RowKind
	/** The networks' display names (what the row resolved to). */
	networkNames: Array<string>
	/** The channels the row goes to (its kanal cell's names, as the user's channels are named); empty: each network's default channel. */
	channelNames?: Array<string>
	/** When a planned row goes out (ISO), null for drafts and errors. */
	scheduledAt: string | null
	problems: Array<{ field: CsvField | null; message: string }>
	notes: Array<string>
	/** The user has a post with the same text, networks and time already (the file uploaded again). */
	duplicate: boolean
}
export type PreviewCounts = { total: number; planned: number; drafts: number; errors: number; duplicates: number }

/** Reads one row's cells; the schedule rules and the networks' rules are the server's next step. */
export function readCsvRow(row: CsvRow, known: ReadonlyArray<CsvNetwork>): CsvRowReading {
	const errors = messages.errors
	const problems: Array<CsvProblem> = []
	if (!row.text) problems.push({ field: 'text', message: errors.emptyText })
	else if (row.text.length > MAX_TEXT) problems.push({ field: 'text', message: fill(errors.textTooLong, { max: MAX_TEXT }) })
	const { networks, unknown } = parseNetworks(row.networks, known)
	for (const name of unknown) problems.push({ field: 'netzwerke', message: fill(errors.unknownNetwork, { name, known: known.map((n) => n.name).join(', ') }) })
	// A row naming channels (kanal) may leave netzwerke empty: the server reads its networks from them.
	if (networks.length === 0 && unknown.length === 0 && !row.channels) problems.push({ field: 'netzwerke', message: errors.noNetworks })
	const date = row.date ? parseCsvDate(row.date) : null
	if (row.date && !date) problems.push({ field: 'datum', message: fill(errors.invalidDate, { value: row.date }) })
	const time = row.time ? parseCsvTime(row.time) : null
	if (row.time && !time) problems.push({ field: 'zeit', message: fill(errors.invalidTime, { value: row.time }) })
	if (row.imageUrl && !isHttpUrl(row.imageUrl)) problems.push({ field: 'bild_url', message: errors.invalidImageUrl })
	return { text: row.text, networks, date, time, imageUrl: row.imageUrl || null, firstComment: row.firstComment || null, problems }
}

/** The sample file: the German headers and two example rows, ';'-separated, UTF-8 with BOM (Excel opens it right). */
export function sampleCsv(networks: ReadonlyArray<CsvNetwork>, dates: { first: string; second: string }) {
	const [a, b] = [networks[0]?.name ?? '', networks[1]?.name ?? networks[0]?.name ?? '']
	const lines = [
		// The kanal column (a channel's name) stays out: the sample reads the same for every user.
		CSV_COLUMNS.filter((column) => column !== 'kanal').join(';'),
		`"Willkommen in unserem neuen Laden! Wir freuen uns auf Ihren Besuch.";"${a}, ${b}";${dates.first};09:00;;`,
		`"Drei Tipps für den Herbst:\n1. Planen\n2. Posten\n3. Auswerten";${a};${dates.second};;;"Mehr dazu auf unserer Website"`,
	]
	return `\uFEFF${lines.join('\r\n')}\r\n`
}
