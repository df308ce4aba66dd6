import type { Route } from './+types/media.$'
import { servicesContext } from '#app/context.ts'
import { isFileKey } from '#modules/core/files.server.ts'

// Stored files (generated and uploaded images, recordings) by their unguessable key. Public on
// purpose: the networks fetch post images by URL. Never rendered as a document of this origin.
// The server leaves CSP and nosniff on /media/ to this route (server/security.ts OWN_POLICY_PATHS).
const policy = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'; sandbox" }

export async function loader({ params, context }: Route.LoaderArgs) {
	const key = params['*'] ?? ''
	const notFound = () => new Response('Nicht gefunden', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...policy } })
	if (!isFileKey(key)) return notFound()
	const file = await context.get(servicesContext).files.get(key)
	if (!file) return notFound()
	const inline = /^(image\/(jpeg|png|webp|gif)|audio\/wav|video\/(mp4|webm))$/.test(file.contentType)
	return new Response(file.bytes as BodyInit, {
		headers: {
			'Content-Type': file.contentType,
			'Content-Length': String(file.bytes.byteLength),
			'Cache-Control': 'public, max-age=31536000, immutable',
			...policy,
			'Content-Disposition': inline ? 'inline' : 'attachment',
		},
	})
}
