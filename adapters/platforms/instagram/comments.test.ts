import { expect, test } from 'vitest'
import type { PublishTarget } from '#modules/publishing/ports.ts'
import { metaRoutes, SANDBOX_PAGES } from '../meta/sandbox.ts'
import { connect, sandboxSettings, startMetaSandbox } from '../meta/testing.ts'
import { createInstagramAdapter } from './adapter.ts'

const [cafe] = SANDBOX_PAGES
const fast = { pollIntervalMs: 5, maxPollIntervalMs: 20, maxWaitMs: 2000 }

async function setup(timeoutMs = 5_000) {
	const sandbox = await startMetaSandbox()
	const adapter = createInstagramAdapter(sandboxSettings(sandbox.base, { timeoutMs }), fast)
	const account = await connect(adapter)
	const page = account.pages.find((p) => p.pageId === cafe!.ig.id)!
	const target: PublishTarget = { accountId: account.accountId, pageId: page.pageId, accessToken: page.accessToken! }
	const store = sandbox.network.store
	const post = store.addPost({ id: '1790000000991', platform: 'instagram', authorId: cafe!.ig.id, text: 'Kuchen', imageUrl: 'https://cdn.example/k.jpg', url: `${sandbox.base}/#1` })
	const comment = store.addComment({ id: store.commentId('instagram', post.id), platform: 'instagram', postId: post.id, parentId: null, authorId: '1784000099', authorName: 'lisa.k', text: 'Preis bitte?' })
	return { sandbox, adapter, target, post, comment, store, router: sandbox.network.routers.meta!, [Symbol.asyncDispose]: () => sandbox.close() }
}

test('listComments: GET /{media-id}/comments with username and timestamp', async () => {
	await using ig = await setup()
	const comments = await ig.adapter.listComments(ig.target, ig.post.id, new Date(Date.now() - 60_000))
	expect(comments).toEqual([{ id: ig.comment.id, authorName: 'lisa.k', text: 'Preis bitte?', createdAt: expect.any(Date), own: false }])
	expect(ig.router.count(metaRoutes.comments)).toBe(1)
	expect(ig.adapter.authorizationUrl({ state: 's', codeVerifier: 'v', redirectUri: 'http://localhost/cb' })).toContain('instagram_manage_comments')
})

test('replyToComment: POST /{comment-id}/replies; findReply reads /{comment-id}/replies', async () => {
	await using ig = await setup()
	const reply = await ig.adapter.replyToComment(ig.target, ig.post.id, ig.comment.id, 'Schreib uns eine DM, Lisa!')
	expect(ig.store.findComments('instagram', ig.post.id, ig.comment.id)).toEqual([expect.objectContaining({ id: reply.externalId, authorId: cafe!.ig.id })])
	expect(ig.router.requests.find((r) => r.route === metaRoutes.replyInstagram)!.form.get('message')).toBe('Schreib uns eine DM, Lisa!')
	expect(await ig.adapter.findReply(ig.target, ig.post.id, ig.comment.id, 'Schreib uns eine DM, Lisa!')).toEqual(reply)
	expect(await ig.adapter.findReply(ig.target, ig.post.id, ig.comment.id, 'anders')).toBeNull()
	expect((await ig.adapter.listComments(ig.target, ig.post.id, new Date(0))).map((c) => c.id)).toEqual([ig.comment.id])
})

test('errors: unknown media not_found, a hanging reply is an unknown outcome', async () => {
	// The default deadline for setting up and the requests before the hanging one, which waits for it.
	await using ig = await setup()
	await expect(ig.adapter.listComments(ig.target, '1790000000000404', new Date(0))).rejects.toMatchObject({ kind: 'invalid_request', code: 'not_found' })
	ig.router.script(metaRoutes.replyInstagram, [{ hang: true }])
	await expect(ig.adapter.replyToComment(ig.target, ig.post.id, ig.comment.id, 'x')).rejects.toMatchObject({ kind: 'unknown_outcome' })
})
