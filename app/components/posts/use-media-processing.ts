import { useCallback, useEffect, useRef, useState } from 'react'

// The processing state of the strip's videos (ADR 0063): one read of GET /api/media/status for all
// of them, again on every `media` change event of the user's live stream, and every POLL_MS while one
// is still processing (the fallback when the stream is down; the job writes at most once a second).

/** What the media_process job has made of a video (GET /api/media/status, ProcessedMedia's JSON). */
export type VideoProcessing = {
	key: string
	state: 'processing' | 'ready' | 'failed'
	progress: number
	errorCode: string | null
	thumbnailUrl: string | null
	coverUrl: string | null
	variantUrl: string | null
	coverAtMs: number | null
	durationMs: number | null
	/** Of the variant, once made. */
	width: number | null
	height: number | null
}

const POLL_MS = 2_000
const MEDIA_TOPIC = 'media'

async function readProcessing(keys: ReadonlyArray<string>): Promise<Array<VideoProcessing> | null> {
	const query = new URLSearchParams(keys.map((key) => ['key', key]))
	try {
		const response = await fetch(`/api/media/status?${query}`, { headers: { Accept: 'application/json' } })
		if (!response.ok) return null
		const body = (await response.json()) as { ok: boolean; media?: Array<VideoProcessing> }
		return body.ok && body.media ? body.media : null
	} catch {
		return null
	}
}

/** The store key of a file served from /media/ (an upload's URL), null for any other URL. */
export function mediaKeyOf(url: string) {
	return url.startsWith('/media/') ? url.slice('/media/'.length) : null
}

/** Whether a change event names the media topic (its data is `{ topic }`, one topic or a list). */
function namesMedia(data: string) {
	try {
		const { topic } = JSON.parse(data) as { topic?: unknown }
		return topic === MEDIA_TOPIC || (Array.isArray(topic) && topic.includes(MEDIA_TOPIC))
	} catch {
		return false
	}
}

/**
 * The processing of the videos stored under `keys`, by key; `refresh` reads again at once (after a
 * cover choice). Keys not yet read are absent.
 */
export function useMediaProcessing(keys: ReadonlyArray<string>) {
	const keyList = [...new Set(keys)].sort().join('\n')
	// What the last read answered, and for which keys (a read for other keys counts as none yet).
	const [last, setLast] = useState<{ keyList: string; byKey: ReadonlyMap<string, VideoProcessing> }>({ keyList: '', byKey: new Map() })
	const keyListRef = useRef(keyList)
	useEffect(() => {
		keyListRef.current = keyList
	})

	const refresh = useCallback(async () => {
		const wanted = keyListRef.current
		if (!wanted) return
		const read = await readProcessing(wanted.split('\n'))
		if (read) setLast({ keyList: wanted, byKey: new Map(read.map((item) => [item.key, item])) })
	}, [])

	useEffect(() => {
		void refresh()
	}, [keyList, refresh])

	useEffect(() => {
		if (!keyList || typeof EventSource === 'undefined') return
		const source = new EventSource('/events')
		const onChange = (event: MessageEvent<string>) => {
			if (namesMedia(event.data)) void refresh()
		}
		source.addEventListener('change', onChange)
		return () => source.close()
	}, [keyList, refresh])

	const byKey = last.byKey
	const processing = last.keyList !== keyList || [...byKey.values()].some((item) => item.state === 'processing')
	useEffect(() => {
		if (!keyList || !processing) return
		const timer = window.setInterval(() => void refresh(), POLL_MS)
		return () => window.clearInterval(timer)
	}, [keyList, processing, refresh])

	return { byKey, refresh }
}
