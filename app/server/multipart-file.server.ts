import { Readable } from 'node:stream'
import { Busboy } from '@fastify/busboy'
import { FORM_LIMITS } from './body-limit.server.ts'

// One file of a multipart/form-data body, as a stream while the body arrives (@fastify/busboy):
// an upload of any size is never held whole. Other fields and files are skipped unread.

export type MultipartFile = {
	/** The file's name as the form gives it. */
	name: string
	stream: AsyncIterable<Uint8Array>
	/** Stops reading the body (after the file was taken, or when it was refused). */
	close: () => void
}

/** The file field `field` of a multipart body; null when the body has none, or is no readable multipart at all. */
export function multipartFile(request: Request, field: string): Promise<MultipartFile | null> {
	const contentType = request.headers.get('content-type') ?? ''
	if (!request.body) return Promise.resolve(null)
	let parser: ReturnType<typeof Busboy>
	try {
		parser = Busboy({ headers: { 'content-type': contentType }, limits: { fields: FORM_LIMITS.maxFields, parts: FORM_LIMITS.maxFields, fieldSize: 64 * 1024, headerPairs: 100 } })
	} catch {
		return Promise.resolve(null)
	}
	const source = Readable.fromWeb(request.body as Parameters<typeof Readable.fromWeb>[0])
	const close = () => {
		source.unpipe(parser)
		source.destroy()
	}
	return new Promise((resolve) => {
		let found = false
		parser.on('file', (name, stream, fileName) => {
			if (found || name !== field) {
				stream.resume()
				return
			}
			found = true
			resolve({ name: fileName, stream, close })
		})
		const none = () => {
			if (found) return
			close()
			resolve(null)
		}
		parser.on('finish', none)
		parser.on('error', none)
		source.on('error', none)
		source.pipe(parser)
	})
}
