import { useState } from 'react'
import type { PostDocumentEditor } from '#modules/content/index.ts'
import { useTranslation } from '#app/utils/use-translation.ts'
import { documentFileSize } from './file-size.ts'
import '#locales/ns/postDocument.ts'

// 'PDF hochladen': the file streams to /api/media (judged there by its content, kind post_document);
// a file over the smallest limit of the post's networks is refused here already, with the figures.
// The pages are counted by the server when the upload is attached.

type UploadAnswer = { ok: true; key: string; kind: string } | { ok: false; message: string }

export function usePdfUpload(editor: PostDocumentEditor | null, onUploaded: (fileKey: string) => void) {
	const { t } = useTranslation('postDocument')
	const [uploading, setUploading] = useState(false)
	const [error, setError] = useState<string | null>(null)

	async function upload(file: File) {
		setError(null)
		const limit = editor?.limits?.maxBytes
		if (limit && file.size > limit) {
			setError(t('errors.document_too_large', { size: documentFileSize(file.size), limit: documentFileSize(limit), network: editor.networks.join(', ') }))
			return
		}
		setUploading(true)
		try {
			const response = await fetch('/api/media', { method: 'POST', body: file, headers: { 'X-Request-Id': crypto.randomUUID(), 'X-File-Name': encodeURIComponent(file.name) } })
			const answer = (await response.json()) as UploadAnswer
			if (!answer.ok) setError(answer.message)
			else if (answer.kind !== 'document') setError(t('errors.document_unreadable'))
			else onUploaded(answer.key)
		} catch {
			setError(t('loadFailed'))
		} finally {
			setUploading(false)
		}
	}

	return { upload, uploading, error }
}
