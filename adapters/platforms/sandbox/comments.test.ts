import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { platformModules } from '../index.ts'
import { createSandboxNetwork, listenSandbox } from './network.ts'
import { SandboxStore } from './store.ts'

const fakes = Object.fromEntries(platformModules.map((m) => [m.sandboxName, m.sandbox]))

test('the feed page lets a test follower comment on a post; comments persist like posts', async () => {
	const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-')), 'sandbox.json')
	const store = new SandboxStore({ file })
	await using server = await listenSandbox((base) => createSandboxNetwork({ publicBase: base, store, fakes, callbackUrls: [] }))
	const post = store.addPost({ id: 'urn:li:share:1', platform: 'linkedin', authorId: 'urn:li:organization:4711', text: 'Hallo', imageUrl: null, url: `${server.base}/#urn:li:share:1` })

	const page = await (await fetch(`${server.base}/`)).text()
	expect(page).toContain(`action="${server.base}/comment"`)
	expect(page).toContain('Kommentare (0)')

	const answer = await fetch(`${server.base}/comment`, { method: 'POST', body: new URLSearchParams({ postId: post.id, name: 'Anna <Test>', text: 'Was kostet das?' }), redirect: 'manual' })
	expect(answer.status).toBe(303)
	expect(answer.headers.get('location')).toBe(`${server.base}/#${encodeURIComponent(post.id)}`)
	expect(store.comments).toEqual([expect.objectContaining({ platform: 'linkedin', postId: post.id, parentId: null, authorName: 'Anna <Test>', text: 'Was kostet das?', id: expect.stringMatching(/^urn:li:comment:\(urn:li:share:1,\d+\)$/) })])
	const after = await (await fetch(`${server.base}/`)).text()
	expect(after).toContain('Anna &#60;Test&#62;')
	expect(after).toContain('Kommentare (1)')

	// Unknown posts and empty texts are ignored.
	await fetch(`${server.base}/comment`, { method: 'POST', body: new URLSearchParams({ postId: 'nope', name: 'x', text: 'y' }), redirect: 'manual' })
	await fetch(`${server.base}/comment`, { method: 'POST', body: new URLSearchParams({ postId: post.id, name: 'x', text: '  ' }), redirect: 'manual' })
	expect(store.comments).toHaveLength(1)

	expect(new SandboxStore({ file }).comments).toEqual(store.comments)
})

test('the control API adds comments for tests only', async () => {
	const store = new SandboxStore()
	await using withControls = await listenSandbox((base) => createSandboxNetwork({ publicBase: base, store, fakes, callbackUrls: [], controls: true }))
	store.addPost({ id: '111000000000001_9', platform: 'facebook', authorId: '111000000000001', text: 'Post', imageUrl: null, url: 'x' })
	const ok = await fetch(`${withControls.base}/__fake/comments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ postId: '111000000000001_9', authorName: 'Beat', text: 'Preis?' }) })
	expect(ok.status).toBe(200)
	expect(await ok.json()).toMatchObject({ platform: 'facebook', postId: '111000000000001_9', authorName: 'Beat', id: expect.stringMatching(/^111000000000001_\d+$/) })
	const bad = await fetch(`${withControls.base}/__fake/comments`, { method: 'POST', body: JSON.stringify({ postId: 'unknown', text: 'x' }) })
	expect(bad.status).toBe(400)

	await using without = await listenSandbox((base) => createSandboxNetwork({ publicBase: base, store: new SandboxStore(), fakes, callbackUrls: [] }))
	expect((await fetch(`${without.base}/__fake/comments`, { method: 'POST', body: '{}' })).status).toBe(404)
})
