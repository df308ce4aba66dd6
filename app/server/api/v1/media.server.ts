import type { RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { getInstance } from '#app/middleware/i18next.ts'
import { uploadRefusal, uploadStatus } from '#app/server/media-upload.server.ts'
import { multipartFile } from '#app/server/multipart-file.server.ts'
import type { UploadInput } from '#modules/media/index.ts'
import { problem } from '../problem.server.ts'
import { json, requestIdOf } from '../request.server.ts'
import { contentProblem } from './content-problem.server.ts'
import { defineOperation } from './operation.server.ts'
import { MediaSchema } from './schemas.ts'

// /api/v1/media: an image, video or PDF for a post, streamed into the file store and checked as the
// creator's own upload is (services.media, ADR 0054): as field «file» of multipart/form-data (parsed
// while it streams) or as the request's body.

type Source = Pick<UploadInput, 'body' | 'name' | 'declaredBytes'> & { close: () => void }

function fileProblem(context: Readonly<RouterContextProvider>, status: number, message: string) {
	return problem(context, status, status === 413 ? 'payload_too_large' : 'invalid_request', { detail: message, errors: [{ field: 'file', message }] })
}

async function uploadSource(context: Readonly<RouterContextProvider>, request: Request): Promise<Source> {
	const type = request.headers.get('Content-Type') ?? ''
	const missing = () => fileProblem(context, 400, getInstance(context).t('api:fields.file'))
	if (/^multipart\/form-data\b/i.test(type)) {
		const file = await multipartFile(request, 'file')
		if (!file) throw missing()
		return { body: file.stream, name: file.name, declaredBytes: null, close: file.close }
	}
	if (/^(?:image\/[\w.+-]+|video\/[\w.+-]+|application\/pdf|application\/octet-stream)\s*(?:;|$)/i.test(type)) {
		if (!request.body) throw missing()
		const declared = Number(request.headers.get('Content-Length') ?? '')
		return { body: request.body, name: '', declaredBytes: Number.isFinite(declared) && declared > 0 ? declared : null, close: () => {} }
	}
	throw problem(context, 415, 'unsupported_media_type', { detail: getInstance(context).t('api:fields.file') })
}

export function mediaOperations() {
	return [
		defineOperation({
			method: 'POST',
			path: '/media',
			operationId: 'uploadMedia',
			tag: 'Medien',
			summary: 'Bild, Video oder PDF hochladen',
			description:
				'Als Feld «file» (multipart/form-data) oder als Dateiinhalt im Body; die Datei wird nach ihrem Inhalt beurteilt, nicht nach Name oder Content-Type. Bilder (PNG, JPEG, GIF, WebP) bis 10 MB werden als JPEG ohne Metadaten gespeichert (höchstens 2048 px); Videos (MP4, MOV, WebM) bis 1 GB und PDFs bis 100 MB so, wie sie sind. Die url ist als imageUrl eines Posts verwendbar.',
			scope: 'posts',
			idempotent: true,
			body: {
				'multipart/form-data': z.object({ file: z.string().meta({ override: { type: 'string', format: 'binary' }, description: 'Die Datei' }) }).meta({ id: 'MediaUpload' }),
				'image/*': z.string().meta({ override: { type: 'string', format: 'binary' } }),
				'video/*': z.string().meta({ override: { type: 'string', format: 'binary' } }),
				'application/pdf': z.string().meta({ override: { type: 'string', format: 'binary' } }),
			},
			responses: { 201: { description: 'Gespeichert', schema: MediaSchema } },
			problems: [400, 409, 413, 415],
			async handle({ context, request, services, principal }) {
				const requestId = requestIdOf(context, request, principal)
				const source = await uploadSource(context, request)
				try {
					const outcome = await services.media.upload(principal.user.id, requestId, { ...source, signal: request.signal })
					if (outcome.ok) return json(outcome.media, { status: 201 })
					if (outcome.code === 'request_conflict') return contentProblem(context, 'request_conflict')
					return fileProblem(context, uploadStatus(outcome.code) === 413 ? 413 : 400, uploadRefusal(context, outcome))
				} finally {
					source.close()
				}
			},
		}),
	]
}
