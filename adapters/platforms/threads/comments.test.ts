import { expect, test } from 'vitest'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { connect, recordingHooks, targetOf, threadsSandbox } from './testing.ts'

const PUBLISH = 'POST /v1.0/:uid/threads_publish'

async function setup(options: { timeoutMs?: number } = {}) {
	const sandbox = await threadsSandbox(options)
	const target = targetOf(await connect(sandbox))
	const post = await sandbox.adapter.publish(target, contentOf('Was meint ihr?'), recordingHooks().hooks)
	const comment = sandbox.store.addComment({ id: sandbox.store.commentId('threads', post.externalId), platform: 'threads', postId: post.externalId, parentId: null, authorId: '777', authorName: 'mia', text: 'Super Idee, wo kann ich mehr lesen?' })
	sandbox.router.requests.length = 0
	return Object.assign(sandbox, { target, post, comment })
}

test('listComments: GET /{media-id}/replies with username and is_reply_owned_by_me', async () => {
	await using th = await setup()
	const comments = await th.adapter.listComments(th.target, th.post.externalId, new Date(Date.now() - 60_000))
	expect(comments).toEqual([{ id: th.comment.id, authorName: 'mia', text: 'Super Idee, wo kann ich mehr lesen?', createdAt: expect.any(Date), own: false }])
	expect(th.router.requests[0]!.query.get('fields')).toContain('is_reply_owned_by_me')
})

test('replyToComment: a TEXT container with reply_to_id, then one threads_publish; findReply finds it; it is no new post', async () => {
	await using th = await setup()
	const reply = await th.adapter.replyToComment(th.target, th.post.externalId, th.comment.id, 'Danke, Mia! Link in der Bio.')
	const create = th.router.requests.find((r) => r.route === 'POST /v1.0/:uid/threads')!
	expect(create.form.get('reply_to_id')).toBe(th.comment.id)
	expect(create.form.get('media_type')).toBe('TEXT')
	expect(th.router.count(PUBLISH)).toBe(1)
	expect(th.store.posts).toHaveLength(1)
	expect(th.store.findComments('threads', th.post.externalId, th.comment.id)).toEqual([expect.objectContaining({ id: reply.externalId, authorId: '9001', text: 'Danke, Mia! Link in der Bio.' })])
	expect(await th.adapter.findReply(th.target, th.post.externalId, th.comment.id, 'Danke, Mia! Link in der Bio.')).toEqual(reply)
	expect(await th.adapter.findReply(th.target, th.post.externalId, th.comment.id, 'Nein')).toBeNull()
	// Replies to the post made by the account itself are marked own.
	await th.adapter.replyToComment(th.target, th.post.externalId, th.post.externalId, 'Eigener Nachtrag')
	const listed = await th.adapter.listComments(th.target, th.post.externalId, new Date(0))
	expect(listed.map((c) => [c.text, c.own])).toEqual([
		['Super Idee, wo kann ich mehr lesen?', false],
		['Eigener Nachtrag', true],
	])
})

test('errors: a bad token is auth_expired; a lost threads_publish answer is an unknown outcome', async () => {
	// The default deadline for setting up and for the bad token; the hanging reply waits for it.
	await using th = await setup()
	await expect(th.adapter.listComments({ ...th.target, accessToken: 'sbx.bad' }, th.post.externalId, new Date(0))).rejects.toMatchObject({ kind: 'auth_expired' })
	th.router.script(PUBLISH, [{ hang: true }])
	await expect(th.adapter.replyToComment(th.target, th.post.externalId, th.comment.id, 'x')).rejects.toMatchObject({ kind: 'unknown_outcome' })
})
