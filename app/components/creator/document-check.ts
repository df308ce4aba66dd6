import type { GenerationErrorCode } from '#modules/generation/outcome.ts'

const documentCodes = new Set<GenerationErrorCode>(['document_too_large', 'document_type', 'document_unreadable', 'word_unreadable', 'pdf_unreadable', 'document_empty'])

/**
 * Asks the server whether the generation will be able to read a picked document (it parses it as
 * the generation does): the code of the German message when not, null when it can, or when the
 * check itself did not answer (the generation checks again, and says so there).
 */
export async function documentProblem(file: File): Promise<GenerationErrorCode | null> {
	const form = new FormData()
	form.append('document', file)
	try {
		const response = await fetch('/api/documents/check', { method: 'POST', body: form, headers: { Accept: 'application/json' } })
		const answer = (await response.json()) as { ok: boolean; code?: GenerationErrorCode }
		return !answer.ok && answer.code && documentCodes.has(answer.code) ? answer.code : null
	} catch {
		return null
	}
}
