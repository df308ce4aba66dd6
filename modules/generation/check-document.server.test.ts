import JSZip from 'jszip'
import { expect, test } from 'vitest'
import { checkDocument } from './check-document.server.ts'

async function docx(text: string) {
	const archive = new JSZip()
	archive.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>')
	archive.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>')
	archive.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`)
	return new Uint8Array(await archive.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }))
}

test('a readable Word file or text passes the upload check', async () => {
	expect(await checkDocument({ name: 'bericht.docx', bytes: await docx('Quartalsbericht der Bäckerei') })).toEqual({ ok: true })
	expect(await checkDocument({ name: 'notizen.txt', bytes: new TextEncoder().encode('Notizen') })).toEqual({ ok: true })
})

test('a damaged Word file is refused at upload with the code the generation would answer', async () => {
	// The zip's directory is intact (the file looks like a Word file), its first part cannot be unpacked.
	const damaged = await docx('Quartalsbericht der Bäckerei')
	damaged.fill(0xff, 60, 200)
	expect(await checkDocument({ name: 'kaputt.docx', bytes: damaged })).toEqual({ ok: false, code: 'word_unreadable' })
	expect(await checkDocument({ name: 'abgeschnitten.docx', bytes: damaged.slice(0, 120) })).toEqual({ ok: false, code: 'word_unreadable' })
	expect(await checkDocument({ name: 'leer.txt', bytes: new TextEncoder().encode('   ') })).toEqual({ ok: false, code: 'document_empty' })
})
