// The browser's upload of a post's image or video to POST /api/media (ADR 0054): the raw file as the body,
// its name in X-File-Name, a request id per file. XMLHttpRequest, because fetch reports no upload progress.

/** What /api/media answers for a stored file. */
export type UploadedMedia = { key: string; url: string; kind: 'image' | 'video' | 'document'; width: number | null; height: number | null }

/** A refused file carries the route's German message; `null` message: the connection broke. */
export type UploadResult = { ok: true; media: UploadedMedia } | { ok: false; message: string | null }

/** Sends `file`, calling `onProgress` with 0-100 as the bytes go out. */
export function uploadMedia(file: File, onProgress: (percent: number) => void): Promise<UploadResult> {
	return new Promise((resolve) => {
		const request = new XMLHttpRequest()
		request.open('POST', '/api/media')
		request.setRequestHeader('X-File-Name', encodeURIComponent(file.name))
		request.setRequestHeader('X-Request-Id', crypto.randomUUID())
		request.setRequestHeader('Accept', 'application/json')
		request.responseType = 'json'
		request.upload.onprogress = (event) => {
			if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100))
		}
		request.onload = () => {
			const body = request.response as ({ ok: true } & UploadedMedia) | { ok: false; message?: string } | null
			if (body?.ok) resolve({ ok: true, media: { key: body.key, url: body.url, kind: body.kind, width: body.width, height: body.height } })
			else resolve({ ok: false, message: body?.message ?? null })
		}
		request.onerror = () => resolve({ ok: false, message: null })
		request.onabort = () => resolve({ ok: false, message: null })
		request.send(file)
	})
}
