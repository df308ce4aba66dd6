import { InputError, readDocument, type InputErrorCode, type UploadedFile } from '#modules/media/index.ts'

export type DocumentCheck = { ok: true } | { ok: false; code: InputErrorCode }

/**
 * The creator's upload step reads a document as the generation will (readDocument: size, type by
 * content, the parser with its zip-bomb guard and time limit), so a damaged file is refused with
 * its message at once instead of two steps later (issue 37, 4.2). The text itself is not kept.
 */
export async function checkDocument(file: UploadedFile): Promise<DocumentCheck> {
	try {
		await readDocument(file)
		return { ok: true }
	} catch (error) {
		if (error instanceof InputError) return { ok: false, code: error.code }
		throw error
	}
}
