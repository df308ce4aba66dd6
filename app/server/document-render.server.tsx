import { Transform, Writable } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { documentResponse } from './document-response.server.ts'

/**
 * How long a document whose shell is ready waits for the rest (the loader data React Router streams
 * into it, lazy parts) before its shell goes out alone. A page is usually all ready 1-10 ms after its
 * shell; sent whole it is one socket write with Content-Length instead of a chunked, streamed
 * compression (ADR 0032). A page that waits on something slow still shows its shell after this.
 */
export const WHOLE_DOCUMENT_WAIT_MS = 50

type Options = {
	request: Request
	status: number
	headers: Headers
	nonce?: string
	/** Crawlers and SPA mode: the whole document, however long it takes (until `abortAfterMs`). */
	waitForAll: boolean
	abortAfterMs: number
	waitMs?: number
	/** An error while the document streams (after its shell): the server's JSON logger (entry.server.tsx). */
	logError?: (error: unknown) => void
}

/** Renders `element` as the HTML document of the answer: whole when it is ready in time, else streamed. */
export function renderDocument(element: ReactNode, { request, status, headers, nonce, waitForAll, abortAfterMs, waitMs = WHOLE_DOCUMENT_WAIT_MS, logError = console.error }: Options) {
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		let sent = false
		let waitLimit: NodeJS.Timeout | undefined
		const sendWhole = () => {
			if (sent || !shellRendered) return
			sent = true
			clearTimeout(waitLimit)
			pipe(whole((html) => resolve(documentResponse(html, request, headers, status))))
		}
		const stream = () => {
			if (sent) return
			sent = true
			const body = coalescing()
			resolve(new Response(createReadableStreamFromReadable(body), { headers, status }))
			pipe(body)
		}
		const { pipe, abort } = renderToPipeableStream(element, {
			nonce,
			onShellReady() {
				shellRendered = true
				headers.set('Content-Type', 'text/html; charset=utf-8')
				if (!waitForAll) waitLimit = setTimeout(stream, waitMs)
			},
			onAllReady: sendWhole,
			onShellError(error: unknown) {
				clearTimeout(waitLimit)
				reject(error)
			},
			onError(error: unknown) {
				status = 500
				if (shellRendered) logError(error)
			},
		})
		setTimeout(abort, abortAfterMs)
	})
}

/**
 * Joins the many small writes React makes in one tick into one chunk. The response is gzipped and
 * every chunk that reaches it is flushed on its own (React Router flushes after each write), so
 * small chunks cost CPU and compress about three times worse. What React sends later (a suspended
 * boundary) still goes out on its own tick.
 */
function coalescing() {
	let pending: Array<Buffer> = []
	let scheduled = false
	return new Transform({
		transform(chunk: Buffer, _encoding, done) {
			pending.push(chunk)
			if (!scheduled) {
				scheduled = true
				setImmediate(() => {
					scheduled = false
					if (pending.length) this.push(Buffer.concat(pending))
					pending = []
				})
			}
			done()
		},
		flush(done) {
			if (pending.length) this.push(Buffer.concat(pending))
			pending = []
			done()
		},
	})
}

/** Collects everything React writes and hands it over when React ends the document. */
function whole(done: (html: Buffer) => void) {
	const chunks: Array<Buffer> = []
	return new Writable({
		write(chunk: Buffer, _encoding, next) {
			chunks.push(chunk)
			next()
		},
		final(next) {
			done(Buffer.concat(chunks))
			next()
		},
	})
}
