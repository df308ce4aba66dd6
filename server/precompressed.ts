import fs from 'node:fs'
import path from 'node:path'
import type { RequestHandler } from 'express'

/**
 * Sends the build's gzip copy of a script or stylesheet (`<file>.gz`, made with zopfli by
 * scripts/vite/precompress.ts) to browsers that accept gzip; everything else falls through to
 * express.static. The compression middleware leaves a body with a Content-Encoding alone.
 */
export function precompressedAssets(dir: string, options: { maxAge: string; immutable: boolean }): RequestHandler {
	const root = path.resolve(dir)
	return (req, res, next) => {
		if ((req.method !== 'GET' && req.method !== 'HEAD') || !/\.(js|css)$/.test(req.path)) return next()
		res.vary('Accept-Encoding')
		if (req.acceptsEncodings('gzip', 'identity') !== 'gzip') return next()
		const file = inside(root, req.path)
		if (!file || !fs.existsSync(`${file}.gz`)) return next()
		res.type(path.extname(file))
		res.setHeader('Content-Encoding', 'gzip')
		res.sendFile(`${file}.gz`, { ...options, dotfiles: 'deny' }, (error) => {
			if (error && !res.headersSent) {
				res.removeHeader('Content-Encoding')
				next()
			}
		})
	}
}

/** The file a URL path names under root, or null for a malformed path or one that leaves root. */
function inside(root: string, urlPath: string) {
	try {
		const file = path.join(root, decodeURIComponent(urlPath))
		return file.startsWith(root + path.sep) ? file : null
	} catch {
		return null
	}
}
