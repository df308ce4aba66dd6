import zlib from 'node:zlib'

// A document React finished in one go is compressed here in one piece and sent with its length: one
// socket write for headers and body. Streamed through the compression middleware it took three
// writes (the first gzip block, the gzip trailer, the chunked terminator) and two thread-pool round
// trips (quality.md, issue 22 fifth session). The middleware (server/web.ts) uses the same fast levels
// (ADR 0027): the heavy month's 107 KB page takes 0.95 ms for 18.5 KB at gzip 2 against 2.1 ms for
// 16.3 KB at gzip 6, and 1.15 ms for 16.1 KB at brotli 3 against 1.6 ms for 15.0 KB at brotli 4.
export const GZIP_LEVEL = 2
export const BROTLI_QUALITY = 3

/** The encoding to answer with: brotli, else gzip, when the client accepts it (q > 0); null: none. */
export function pickEncoding(acceptEncoding: string | null): 'br' | 'gzip' | null {
	const accepted = new Map<string, number>()
	for (const part of (acceptEncoding ?? '').split(',')) {
		const [name, ...params] = part.trim().toLowerCase().split(';')
		if (!name) continue
		const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
		accepted.set(name, q === undefined ? 1 : Number(q))
	}
	const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
	return wants('br') ? 'br' : wants('gzip') ? 'gzip' : null
}

export function compress(body: Buffer, encoding: 'br' | 'gzip') {
	return encoding === 'br'
		? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
		: zlib.gzipSync(body, { level: GZIP_LEVEL })
}

/** The finished document as one Response, compressed as the request accepts, with Content-Length. */
export function documentResponse(html: Buffer, request: Request, headers: Headers, status: number) {
	const encoding = pickEncoding(request.headers.get('Accept-Encoding'))
	const body = encoding ? compress(html, encoding) : html
	if (encoding) headers.set('Content-Encoding', encoding)
	headers.append('Vary', 'Accept-Encoding')
	headers.set('Content-Length', String(body.length))
	return new Response(new Uint8Array(body), { headers, status })
}
