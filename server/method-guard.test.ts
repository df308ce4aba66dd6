// Which route's action a mutation runs (as React Router picks it), read from a build's route table.
import type { ServerBuild } from 'react-router'
import { expect, test } from 'vitest'
import { actionRouteId } from './method-guard.ts'

const action = () => null
const build = {
	routes: {
		root: { id: 'root', path: '', module: {} },
		home: { id: 'home', parentId: 'root', index: true, module: { action } },
		layout: { id: 'layout', parentId: 'root', module: {} },
		posts: { id: 'posts', parentId: 'layout', path: 'posts', module: { action } },
		'posts-index': { id: 'posts-index', parentId: 'posts', index: true, module: {} },
		post: { id: 'post', parentId: 'layout', path: 'posts/:id', module: {} },
	},
} as unknown as ServerBuild

test.each([
	['/', '', 'root'],
	['/', '?index', 'home'],
	['/_.data', '?index', 'home'],
	['/posts', '', 'posts'],
	['/posts.data', '', 'posts'],
	['/posts', '?index', 'posts-index'],
	['/posts/42', '', 'post'],
	['/gibt-es-nicht', '', undefined],
])('%s%s: the action of %s', (pathname, search, id) => {
	expect(actionRouteId(build, pathname, search)).toBe(id)
})
