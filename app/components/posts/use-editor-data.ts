import { useCallback, useRef, useState } from 'react'
import type { EditorData } from '#app/server/posts-editor.server.ts'

export type { EditorData }

/**
 * The editor's pages and regeneration cost (ADR 0034, addendum 'editor data on demand'): from the loader
 * when the page opened with `?edit=`, otherwise asked from /posts/editor-data once, when a draft's editor
 * first opens (`load`). Kept for the page's lifetime: a later opening, or the loader's data without them after
 * the editor closed, asks nothing again. A failed request is asked again on the next opening.
 */
export function useEditorData(fromLoader: EditorData | null) {
	const [loaded, setLoaded] = useState<EditorData | null>(fromLoader)
	const [failed, setFailed] = useState(false)
	const asking = useRef(false)
	// The loader's newest answer with them is kept (it has none after the editor opened on load closed).
	if (fromLoader && fromLoader !== loaded) setLoaded(fromLoader)
	const data = fromLoader ?? loaded

	const load = useCallback(() => {
		if (data || asking.current) return
		asking.current = true
		setFailed(false)
		fetch('/posts/editor-data', { headers: { Accept: 'application/json' } })
			.then((response) => (response.ok ? (response.json() as Promise<EditorData>) : Promise.reject(new Error(`editor data: ${response.status}`))))
			.then(setLoaded, () => setFailed(true))
			.finally(() => (asking.current = false))
	}, [data])

	return { data, failed, load }
}
