import { expect, test } from 'vitest'
import type { PublishTarget } from '#modules/publishing/ports.ts'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { metaRoutes, SANDBOX_PAGES } from '../meta/sandbox.ts'
import { connect, sandboxSettings, startMetaSandbox } from '../meta/testing.ts'
import { createFacebookAdapter } from './adapter.ts'

const hooks = { checkpoint: async () => {} }
const [cafe] = SANDBOX_PAGES

async function setup(timeoutMs = 5_000) {
	const sandbox = await startMetaSandbox()
	const adapter = createFacebookAdapter(sandboxSettings(sandbox.base, { timeoutMs }))
	const account = await connect(adapter)
	const page = account.pages.find((p) => p.pageId === cafe!.id)!
	const target: PublishTarget = { accountId: account.accountId, pageId: page.pageId, accessToken: page.accessToken! }
	const store = sandbox.network.store
	const post = await adapter.publish(target, contentOf('Heute frische Gipfeli'), hooks)
	const comment = store.addComment({ id: store.commentId('facebook', post.externalId), platform: 'facebook', postId: post.externalId, parentId: null, authorId: '5550001', authorName: 'Beat Meier', text: 'Habt ihr auch glutenfreie?' })
	return { sandbox, adapter, target, post, comment, store, router: sandbox.network.routers.meta!, [Symbol.asyncDispose]: () => sandbox.close() }
}

test('the consent asks for reading and answering comments', () => {
	const adapter = createFacebookAdapter(sandboxSettings('http://127.0.0.1:1'))
	const scopes = new URL(adapter.authorizationUrl({ state: 's', codeVerifier: 'v', redirectUri: 'http://localhost/cb' })).searchParams.get('scope')!
	expect(scopes.split(',')).toEqual(expect.arrayContaining(['pages_read_user_content', 'pages_manage_engagement']))
})

test('listComments: GET /{post-id}/comments, top level, since a date', async () => {
	await using fb = await setup()
	const comments = await fb.adapter.listComments(fb.target, fb.post.externalId, new Date(Date.now() - 60_000))
	expect(comments).toEqual([{ id: fb.comment.id, authorName: 'Beat Meier', text: 'Habt ihr auch glutenfreie?', createdAt: expect.any(Date), own: false }])
	expect(Math.abs(comments[0]!.createdAt.getTime() - Date.parse(fb.comment.createdAt))).toBeLessThan(1000)
	const request = fb.router.requests.find((r) => r.route === metaRoutes.comments)!
	expect(request.query.get('filter')).toBe('toplevel')
	expect(await fb.adapter.listComments(fb.target, fb.post.externalId, new Date(Date.now() + 60_000))).toEqual([])
})

test('replyToComment: POST /{comment-id}/comments as the page; findReply finds exactly that reply', async () => {
	await using fb = await setup()
	const reply = await fb.adapter.replyToComment(fb.target, fb.post.externalId, fb.comment.id, 'Ja, jeden Samstag!')
	expect(fb.store.findComments('facebook', fb.post.externalId, fb.comment.id)).toEqual([
		expect.objectContaining({ id: reply.externalId, authorId: cafe!.id, text: 'Ja, jeden Samstag!' }),
	])
	expect(fb.router.requests.find((r) => r.route === metaRoutes.replyFacebook)!.params.id).toBe(fb.comment.id)
	expect(await fb.adapter.findReply(fb.target, fb.post.externalId, fb.comment.id, 'Ja, jeden Samstag!')).toEqual(reply)
	expect(await fb.adapter.findReply(fb.target, fb.post.externalId, fb.comment.id, 'Nein')).toBeNull()
	// Our reply is not a top-level comment.
	expect((await fb.adapter.listComments(fb.target, fb.post.externalId, new Date(0))).map((c) => c.id)).toEqual([fb.comment.id])
})

test('errors: missing pages_manage_engagement is permission_missing, a bad token auth_expired, a lost answer an unknown outcome', async () => {
	// The default deadline for setting up and the requests before the hanging one, which waits for it.
	await using fb = await setup()
	const { issueToken } = await import('../meta/sandbox-shared.ts')
	const narrow = issueToken(fb.store, { type: 'page', subject: cafe!.id, scopes: ['pages_manage_posts'], redirect: '' }, 3600)
	await expect(fb.adapter.replyToComment({ ...fb.target, accessToken: narrow }, fb.post.externalId, fb.comment.id, 'x')).rejects.toMatchObject({ kind: 'permission_missing' })
	await expect(fb.adapter.listComments({ ...fb.target, accessToken: 'sbx.bad.token' }, fb.post.externalId, new Date(0))).rejects.toMatchObject({ kind: 'auth_expired' })
	fb.router.script(metaRoutes.replyFacebook, [{ hang: true }])
	await expect(fb.adapter.replyToComment(fb.target, fb.post.externalId, fb.comment.id, 'x')).rejects.toMatchObject({ kind: 'unknown_outcome' })
})
