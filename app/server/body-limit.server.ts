/**
 * The multipart form of a request, read only up to `maxBytes`: a declared or actual larger body
 * answers null before it is buffered (uploads have their own, smaller limits inside).
 */
export async function readFormDataWithin(request: Request, maxBytes: number): Promise<FormData | null | 'too_large'> {
	const declared = Number(request.headers.get('content-length') ?? '')
	if (Number.isFinite(declared) && declared > maxBytes) return 'too_large'
	if (!request.body) return null
	let seen = 0
	let exceeded = false
	const limited = request.body.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				seen += chunk.byteLength
				if (seen > maxBytes) {
					exceeded = true
					controller.error(new Error('body too large'))
					return
				}
				controller.enqueue(chunk)
			},
		}),
	)
	try {
		return await new Request(request.url, { method: request.method, headers: request.headers, body: limited, duplex: 'half' } as RequestInit).formData()
	} catch {
		return exceeded ? 'too_large' : null
	}
}
