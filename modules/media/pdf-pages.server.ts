import { PDFDocument } from 'pdf-lib'

/**
 * The number of pages of a PDF, or null when pdf-lib cannot read it. Encrypted PDFs are counted too
 * (their page tree is not encrypted); nothing is rendered.
 */
export async function countPdfPages(bytes: Uint8Array): Promise<number | null> {
	try {
		const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })
		return pdf.getPageCount()
	} catch {
		return null
	}
}
