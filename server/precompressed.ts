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
		const file = path.join(root, decodeURIComponent(req.path))
		if (!file.startsWith(root + path.sep) || !fs.existsSync(`${file}.gz`)) return next()
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
