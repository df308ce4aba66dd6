import type { RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { getInstance } from '#app/middleware/i18next.ts'
import { readBodyWithin, readFormDataWithin } from '#app/server/body-limit.server.ts'
import { IMAGE_MAX_BYTES } from '#modules/media/kinds.ts'
import { problem } from '../problem.server.ts'
import { json, requestIdOf } from '../request.server.ts'
import { contentProblem } from './content-problem.server.ts'
import { defineOperation } from './operation.server.ts'
import { MediaSchema } from './schemas.ts'

// /api/v1/media: an image for a post, checked and stored as the creator's own image is.

type Upload = { name: string; bytes: Uint8Array }

function fileProblem(context: Readonly<RouterContextProvider>, status: number, message: string) {
	return problem(context, status, status === 413 ? 'payload_too_large' : 'invalid_request', { detail: message, errors: [{ field: 'file', message }] })
}

async function readUpload(context: Readonly<RouterContextProvider>, request: Request): Promise<Upload> {
	const type = request.headers.get('Content-Type') ?? ''
	const t = getInstance(context).t
	const tooLarge = () => fileProblem(context, 413, t('generation:errors.image_too_large.message'))
	const missing = () => fileProblem(context, 400, t('api:fields.file'))
	if (/^multipart\/form-data\b/i.test(type)) {
		const form = await readFormDataWithin(request, IMAGE_MAX_BYTES + 64 * 1024, { refused: missing })
		if (form === 'too_large') throw tooLarge()
		const file = form?.get('file')
		if (!file || typeof file === 'string' || file.size === 0) throw missing()
		return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
	}
	if (/^(?:image\/[\w.+-]+|application\/octet-stream)\s*(?:;|$)/i.test(type)) {
		const bytes = await readBodyWithin(request, IMAGE_MAX_BYTES)
		if (bytes === 'too_large') throw tooLarge()
		if (bytes.length === 0) throw missing()
		return { name: '', bytes }
	}
	throw problem(context, 415, 'unsupported_media_type', { detail: t('api:fields.file') })
}

export function mediaOperations() {
	return [
		defineOperation({
			method: 'POST',
			path: '/media',
			operationId: 'uploadMedia',
			tag: 'Medien',
			summary: 'Bild hochladen',
			description: 'PNG, JPEG, GIF oder WebP bis 10 MB, als Feld «file» (multipart/form-data) oder als Bilddaten im Inhalt. Gespeichert als JPEG ohne Metadaten (höchstens 2048 px); die url ist als imageUrl eines Posts verwendbar.',
			scope: 'posts',
			idempotent: true,
			body: {
				'multipart/form-data': z.object({ file: z.string().meta({ override: { type: 'string', format: 'binary' }, description: 'Die Bilddatei' }) }).meta({ id: 'MediaUpload' }),
				'image/*': z.string().meta({ override: { type: 'string', format: 'binary' } }),
			},
			responses: { 201: { description: 'Gespeichert', schema: MediaSchema } },
			problems: [400, 409, 413, 415],
			async handle({ context, request, services, principal }) {
				const requestId = requestIdOf(context, request, principal)
				const upload = await readUpload(context, request)
				try {
					const stored = await services.generation.storePostImage(principal.user.id, requestId, upload)
					if (!stored.ok) return contentProblem(context, stored.error)
					return json({ url: stored.url, width: stored.width, height: stored.height }, { status: 201 })
				} catch (error) {
					const code = (error as { name?: string; code?: string } | null)?.name === 'InputError' ? (error as { code: string }).code : null
					if (!code) throw error
					return fileProblem(context, code === 'image_too_large' ? 413 : 400, getInstance(context).t(`generation:errors.${code}.message` as 'generation:errors.image_type.message'))
				}
			},
		}),
	]
}
