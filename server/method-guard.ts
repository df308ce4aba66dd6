import type { NextFunction, Request, Response } from 'express'
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import api from '#locales/de/api.json' with { type: 'json' }

type BuildRoutes = ServerBuild['routes']
type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Array<RouteNode> }

/** React Router's actions answer these methods (its isMutationMethod); GET, HEAD and OPTIONS go to loaders. */
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
export const ALLOW_WITHOUT_ACTION = 'GET, HEAD'

function routeTree(routes: BuildRoutes, parentId?: string): Array<RouteNode> {
	return Object.values(routes)
		.filter((route) => route !== undefined && route.parentId === parentId)
		.map((route) => ({ id: route!.id, path: route!.path, index: route!.index, caseSensitive: route!.caseSensitive, children: route!.index ? undefined : routeTree(routes, route!.id) }))
}

const trees = new WeakMap<BuildRoutes, Array<RouteNode>>()
function treeOf(build: ServerBuild) {
	let tree = trees.get(build.routes)
	if (!tree) trees.set(build.routes, (tree = routeTree(build.routes)))
	return tree
}

/** The path React Router routes a request by: a single-fetch request ends in `.data` (`/_.data` for the index). */
function routedPath(pathname: string) {
	return pathname.endsWith('/_.data') ? pathname.slice(0, -'_.data'.length) : pathname.replace(/\.data$/, '')
}

/**
 * The route whose action a mutation of `pathname` runs, as React Router picks it: the index route when
 * the address carries a bare `?index`, else the deepest route that adds to the path. undefined: no route matches.
 */
export function actionRouteId(build: ServerBuild, pathname: string, search: string): string | undefined {
	// The tree has the fields matching reads (id, path, index, caseSensitive, children).
	const matches = matchRoutes(treeOf(build) as Array<RouteObject>, routedPath(pathname), build.basename)
	if (!matches?.length) return undefined
	const last = matches[matches.length - 1]!
	if (last.route.index && new URLSearchParams(search).getAll('index').includes('')) return last.route.id
	const contributing = matches.filter((match, i) => i === 0 || Boolean(match.route.path))
	return contributing[contributing.length - 1]!.route.id
}

/**
 * A POST (PUT, PATCH, DELETE) to a route without an action is answered 405 with `Allow` here, before
 * React Router: there it would be an error response whose stack trace is logged for every such request
 * (anyone could flood the log). Which routes have an action is read from the build's route modules.
 */
export function refuseMutationsWithoutAction(build: ServerBuild | (() => Promise<ServerBuild>)) {
	return (req: Request, res: Response, next: NextFunction) => {
		if (!MUTATIONS.has(req.method)) return next()
		void (async () => {
			const current = typeof build === 'function' ? await build() : build
			const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : ''
			const id = actionRouteId(current, req.path, search)
			if (id === undefined || current.routes[id]?.module.action) return next()
			res.status(405).set('Allow', ALLOW_WITHOUT_ACTION).type('text/plain; charset=utf-8').send(api.pages.methodNotAllowed)
		})().catch(next)
	}
}
