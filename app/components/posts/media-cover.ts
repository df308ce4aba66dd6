// 'Titelbild wählen' in the browser (ADR 0063): the time as the field shows it, and the request.

/** A time in ms as the field shows it: seconds with at most one decimal and a German comma ("1,5"). */
export function coverSeconds(ms: number) {
	return (Math.round(ms / 100) / 10).toLocaleString('de-DE', { maximumFractionDigits: 1, useGrouping: false })
}

/** The field's text as seconds (comma or point); null when it is no time (empty, negative, not a number). */
export function parseSeconds(text: string): number | null {
	const trimmed = text.trim().replace(',', '.')
	if (!/^\d+(\.\d+)?$/.test(trimmed)) return null
	return Number(trimmed)
}

export type CoverAnswer = { ok: true } | { ok: false; message: string | null }

/** POST /api/media/<key>/cover; a refusal carries the route's German message, null: the connection broke. */
export async function chooseVideoCover(key: string, body: { requestId: string; atMs: number | null }): Promise<CoverAnswer> {
	try {
		const response = await fetch(`/api/media/${key}/cover`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) })
		const answer = (await response.json().catch(() => null)) as { ok?: boolean; message?: string } | null
		return answer?.ok ? { ok: true } : { ok: false, message: answer?.message ?? null }
	} catch {
		return { ok: false, message: null }
	}
}
