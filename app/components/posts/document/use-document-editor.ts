import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import type { EditedSlide, PostDocumentEditor, PostDocumentView } from '#modules/content/index.ts'

// The document dialog's data: what GET /posts/:id/dokument answers, the slides as the user edits them,
// and the answer of 'Speichern' or 'PDF hochladen' (POST to the same route).

export type DocumentAnswer = { ok: true; document: PostDocumentView } | { ok: false; message: string }

export const documentUrl = (postId: string) => `/posts/${postId}/dokument`

/** Lines as the server takes them: trimmed, empty ones left out. */
export const cleanSlides = (slides: ReadonlyArray<EditedSlide>) => slides.map((slide) => ({ ...slide, heading: slide.heading.trim(), body: slide.body.map((line) => line.trim()).filter(Boolean) }))

export function useDocumentEditor(postId: string) {
	const loader = useFetcher<PostDocumentEditor>()
	const saver = useFetcher<DocumentAnswer>()
	// The user's edits; untouched (null), the loaded slides.
	const [edited, setEdited] = useState<Array<EditedSlide> | null>(null)
	useEffect(() => {
		if (loader.state === 'idle' && !loader.data) void loader.load(documentUrl(postId))
	}, [loader, postId])
	const loaded = loader.data && 'slides' in loader.data ? loader.data : null
	const slides = edited ?? loaded?.slides ?? null
	const setSlides = (change: (current: Array<EditedSlide>) => Array<EditedSlide>) => setEdited(change(slides ?? []))
	const saved = saver.data?.ok ? saver.data.document : null
	return {
		editor: loaded,
		loadFailed: Boolean(loader.data && !loaded),
		slides,
		setSlides,
		document: saved ?? loader.data?.document ?? null,
		refusal: saver.data && !saver.data.ok ? saver.data.message : null,
		busy: saver.state !== 'idle',
		justSaved: saver.state === 'idle' && Boolean(saved),
		save: (current: ReadonlyArray<EditedSlide>) =>
			saver.submit({ intent: 'save', requestId: crypto.randomUUID(), slides: JSON.stringify(cleanSlides(current)) }, { method: 'post', action: documentUrl(postId) }),
		attach: (fileKey: string) => saver.submit({ intent: 'attach', requestId: crypto.randomUUID(), fileKey }, { method: 'post', action: documentUrl(postId) }),
	}
}
