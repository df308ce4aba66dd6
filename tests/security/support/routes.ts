// The route table (app/routes.ts) flattened to full paths, and the route modules' sources: for the
// route-table sweeps. No services here, so a test that needs only the table stays light.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '#app/routes.ts'

export type FlatRoute = {
	/** The full path as in the route table, e.g. /api/posts/:id/deliveries ('/' for the index). */
	path: string
	/** The module file relative to app/. */
	file: string
	/** The layout modules above it (their middleware runs first). */
	layouts: Array<string>
	/** The names of the dynamic segments (':id' -> 'id', '*' -> '*'). */
	params: Array<string>
}

/** Every route of app/routes.ts with a path of its own (layouts excluded), in table order. */
export function flatRoutes(entries: ReadonlyArray<RouteConfigEntry> = routes, parent = '', layouts: Array<string> = []): Array<FlatRoute> {
	return entries.flatMap((entry) => {
		const full = [parent, entry.path ?? ''].filter(Boolean).join('/')
		const isLayout = entry.path === undefined && !entry.index
		const own: Array<FlatRoute> = isLayout
			? []
			: [{ path: `/${full}`, file: entry.file, layouts, params: full.split('/').flatMap((s) => (s.startsWith(':') ? [s.slice(1).replace(/\?$/, '')] : s === '*' ? ['*'] : [])) }]
		return [...own, ...flatRoutes(entry.children ?? [], full, isLayout ? [...layouts, entry.file] : layouts)]
	})
}

/** The module's source text (for the coverage checks that read which inputs a route takes). */
export function routeSource(file: string) {
	return fs.readFile(path.join(import.meta.dirname, '../../../app', file), 'utf8')
}
