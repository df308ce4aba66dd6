import type { Route } from './+types/api.media'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { uploadRefusal, uploadStatus } from '#app/server/media-upload.server.ts'
import { requireUser } from '#app/server/guards.server.ts'

// The creator's and the editor's upload of a post's own image, video or PDF (issue 39, ADR 0054):
// the raw file as the request body (any Content-Type: the file is judged by its content), its name
// in X-File-Name (percent-encoded), the browser's request id in X-Request-Id. The body streams into
// the file store as it arrives; a file over its kind's limit is refused with 413 while streaming.
// Answers { ok: true, key, url, kind, contentType, bytes, width, height, durationMs } (201) or
// { ok: false, code, message } with the German message.

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const noStore = { 'Cache-Control': 'no-store' }

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const t = getInstance(context).t
	if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } })
	const requestId = request.headers.get('X-Request-Id') ?? ''
	if (!REQUEST_ID.test(requestId) || !request.body) return Response.json({ ok: false, code: 'failed', message: t('common:errors.generic') }, { status: 400, headers: noStore })
	const declared = Number(request.headers.get('Content-Length') ?? '')
	const outcome = await context.get(servicesContext).media.upload(user.id, requestId.toLowerCase(), {
		body: request.body,
		name: fileName(request.headers.get('X-File-Name')),
		declaredBytes: Number.isFinite(declared) && declared > 0 ? declared : null,
		signal: request.signal,
	})
	if (!outcome.ok) return Response.json({ ok: false, code: outcome.code, message: uploadRefusal(context, outcome) }, { status: uploadStatus(outcome.code), headers: noStore })
	return Response.json({ ok: true, ...outcome.media }, { status: 201, headers: noStore })
}

export function loader() {
	return new Response(null, { status: 405, headers: { Allow: 'POST' } })
}

/** The file's name from X-File-Name (encodeURIComponent of it: a header carries no umlauts); '' when there is none or it is not decodable. */
function fileName(header: string | null) {
	try {
		return [...decodeURIComponent(header ?? '')].filter((char) => char >= ' ' && char !== '\u007f').join('').slice(0, 255)
	} catch {
		return ''
	}
}
