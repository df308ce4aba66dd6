import fs from 'node:fs'
import path from 'node:path'

// What the production build is made of: a build older than any of these is stale. The server's own
// code (server/) runs from source, but app/ and what it imports are compiled into build/.
const SOURCES = ['app', 'locales', 'modules', 'adapters', 'package-lock.json', 'vite.config.ts', 'scripts/vite', 'react-router.config.ts']

function newestMtime(entry: string): number {
	const stat = fs.statSync(entry, { throwIfNoEntry: false })
	if (!stat) return 0
	if (!stat.isDirectory()) return stat.mtimeMs
	let newest = stat.mtimeMs
	for (const child of fs.readdirSync(entry)) {
		if (child === 'node_modules' || child === '+types' || child.startsWith('.')) continue
		newest = Math.max(newest, newestMtime(path.join(entry, child)))
	}
	return newest
}

/** When build/ was made (0: no build), and whether a source changed after it. */
export function buildState(root: string) {
	const server = path.join(root, 'build/server/index.js')
	const built = fs.existsSync(server) ? newestMtime(path.join(root, 'build/client/.vite/manifest.json')) || newestMtime(server) : 0
	const sources = Math.max(...SOURCES.map((p) => newestMtime(path.join(root, p))))
	return { built, current: built > 0 && built > sources }
}
