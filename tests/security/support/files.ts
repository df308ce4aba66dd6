// Small files for the upload checks and the fuzz: real images made by sharp, and hostile ones
// (a script in an SVG, HTML, a PDF or WAV that is only a header, a plain zip).
import { deflateRawSync } from 'node:zlib'
import sharp from 'sharp'

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 48, height = 48) =>
	sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
		.toFormat(format)
		.toBuffer()
		.then((b) => new Uint8Array(b))

const text = (value: string) => new TextEncoder().encode(value)

/** One WAV second of 8 kHz mono silence with a tone, so it is not empty. */
function wav(seconds = 1, rate = 8000) {
	const samples = seconds * rate
	const buffer = Buffer.alloc(44 + samples * 2)
	buffer.write('RIFF', 0)
	buffer.writeUInt32LE(36 + samples * 2, 4)
	buffer.write('WAVE', 8)
	buffer.write('fmt ', 12)
	buffer.writeUInt32LE(16, 16)
	buffer.writeUInt16LE(1, 20)
	buffer.writeUInt16LE(1, 22)
	buffer.writeUInt32LE(rate, 24)
	buffer.writeUInt32LE(rate * 2, 28)
	buffer.writeUInt16LE(2, 32)
	buffer.writeUInt16LE(16, 34)
	buffer.write('data', 36)
	buffer.writeUInt32LE(samples * 2, 40)
	for (let i = 0; i < samples; i++) buffer.writeInt16LE(Math.round(Math.sin(i / 5) * 8000), 44 + i * 2)
	return new Uint8Array(buffer)
}

/** A zip with one stored file (no Word document: no [Content_Types].xml, no word/ folder). */
function zip() {
	const name = Buffer.from('notiz.txt')
	const data = deflateRawSync(Buffer.from('Hallo'))
	const local = Buffer.alloc(30)
	local.writeUInt32LE(0x04034b50, 0)
	local.writeUInt16LE(20, 4)
	local.writeUInt16LE(8, 8)
	local.writeUInt32LE(data.length, 18)
	local.writeUInt32LE(5, 22)
	local.writeUInt16LE(name.length, 26)
	return new Uint8Array(Buffer.concat([local, name, data]))
}

export const samples = {
	png: await image('png'),
	jpeg: await image('jpeg'),
	webp: await image('webp'),
	gif: await image('gif'),
	svg: text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#36c"/></svg>'),
	svgWithScript: text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(2)"/></body></foreignObject></svg>'),
	html: text('<!doctype html><html><body><script>alert(1)</script>Hallo</body></html>'),
	text: text('Notizen zum Beitrag: Wir eröffnen am Montag eine zweite Filiale in Winterthur.\n'),
	pdfHeader: text('%PDF-1.7\n%âãÏÓ\n'),
	wav: wav(),
	wavHeader: wav(0),
	zip: zip(),
}
