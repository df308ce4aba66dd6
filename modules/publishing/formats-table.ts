import type { PlatformDescriptor } from './descriptor.ts'

// The README's table of what each network takes (issue 39), written from the descriptors so the two
// cannot drift apart: `npm run formats:table` prints it, scripts/formats-table.test.ts compares it.

const MB = 1024 * 1024
const number = (value: number) => value.toLocaleString('de-CH')
const megabytes = (bytes: number) => (bytes >= 1024 * MB ? `${number(Math.round((bytes / 1024 / MB) * 10) / 10)} GB` : `${number(Math.round(bytes / MB))} MB`)
/** Bytes where the network counts bytes only; emoji counted as bytes or links as 23 are still characters. */
const unitOf = (counting: string) => (counting === 'utf8-bytes' ? 'Bytes' : 'Zeichen')
const TYPE_NAMES: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/gif': 'GIF', 'image/webp': 'WebP' }

function duration(ms: number) {
	const seconds = Math.round(ms / 1000)
	return seconds >= 120 ? `${number(Math.round(seconds / 60))} min` : `${seconds} s`
}

function text(d: PlatformDescriptor) {
	return `${number(d.text.limit)} ${unitOf(d.text.counting)}`
}

function images(d: PlatformDescriptor) {
	const carousel = d.media.carousel
	const single = `${d.images.formats.map((type) => TYPE_NAMES[type] ?? type).join('/')} bis ${megabytes(d.images.maxBytes)}`
	return carousel ? `${single}; ${carousel.minItems}–${carousel.maxItems} im Karussell${carousel.mixed ? ' (mit Videos)' : ''}` : single
}

function video(d: PlatformDescriptor) {
	const rules = d.media.video
	if (!rules) return '–'
	const length = rules.maxDurationMs === null ? 'ohne Längenlimit' : `bis ${duration(rules.maxDurationMs)}`
	return `${length}, ${megabytes(rules.maxBytes)}, ${rules.codecs.map((codec) => (codec === 'h264' ? 'H.264' : codec.toUpperCase())).join('/')}`
}

function documentCell(d: PlatformDescriptor) {
	const rules = d.media.document
	return rules ? `PDF bis ${megabytes(rules.maxBytes)}, ${number(rules.maxPages)} Seiten` : '–'
}

const FIRST_COMMENT = { all: 'ja', organizations: 'nur Unternehmensseiten' } as const

/** The table as Markdown, one row per registered network in the registry's order. */
export function formatsTable(descriptors: ReadonlyArray<PlatformDescriptor>): string {
	const head = ['Netzwerk', 'Text', 'Bilder', 'Video', 'Dokument', 'Alt-Text', 'Erster Kommentar', 'KI-Kennzeichnung']
	const rows = descriptors.map((d) => [
		d.name,
		text(d),
		images(d),
		video(d),
		documentCell(d),
		d.media.altText ? `bis ${number(d.media.altText.maxLength)} Zeichen` : '–',
		d.media.firstComment ? FIRST_COMMENT[d.media.firstComment] : '–',
		d.media.aiFlag ? 'Flag der Plattform + IPTC im Bild' : 'IPTC im Bild',
	])
	return [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n')
}
