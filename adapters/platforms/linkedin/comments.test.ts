import { expect, test } from 'vitest'
import { PlatformError } from '#modules/publishing/ports.ts'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { startLinkedinSandbox } from './testing.ts'

const hooks = { checkpoint: async () => {} }

async function publishedWithComment(li: Awaited<ReturnType<typeof startLinkedinSandbox>>, pageId: string) {
	const adapter = li.adapter()
	const post = await adapter.publish(li.target(pageId), contentOf('Neuer Beitrag'), hooks)
	const comment = li.store.addComment({ id: li.store.commentId('linkedin', post.externalId), platform: 'linkedin', postId: post.externalId, parentId: null, authorId: 'follower-anna', authorName: 'Anna Beispiel', text: 'Was kostet das?' })
	return { adapter, post, comment }
}

test('listComments reads the top-level comments of a post since a date, with the commenter name', async () => {
	await using li = await startLinkedinSandbox()
	const { adapter, post, comment } = await publishedWithComment(li, li.organization)
	const since = new Date(Date.now() - 60_000)
	const comments = await adapter.listComments(li.target(li.organization), post.externalId, since)
	expect(comments).toEqual([{ id: comment.id, authorName: 'Anna Beispiel', text: 'Was kostet das?', createdAt: new Date(comment.createdAt), own: false }])
	expect(await adapter.listComments(li.target(li.organization), post.externalId, new Date(Date.now() + 60_000))).toEqual([])
	const request = li.router.requests.find((r) => r.route === 'GET /rest/socialActions/:urn/comments')!
	expect(request.params.urn).toBe(post.externalId)
	expect(request.headers['linkedin-version']).toMatch(/^\d{6}$/)
})

test('replyToComment posts a nested comment as the page (parentComment), findReply finds it, our reply is not a new comment', async () => {
	await using li = await startLinkedinSandbox()
	const { adapter, post, comment } = await publishedWithComment(li, li.organization)
	const target = li.target(li.organization)
	const reply = await adapter.replyToComment(target, post.externalId, comment.id, 'Danke, Anna!')
	const stored = li.store.findComments('linkedin', post.externalId, comment.id)
	expect(stored).toEqual([expect.objectContaining({ id: reply.externalId, authorId: li.organization, text: 'Danke, Anna!', parentId: comment.id })])
	const request = li.router.requests.find((r) => r.route === 'POST /rest/socialActions/:urn/comments')!
	expect(request.params.urn).toBe(comment.id)
	expect(request.json).toEqual({ actor: li.organization, object: post.externalId, parentComment: comment.id, message: { text: 'Danke, Anna!' } })

	expect(await adapter.findReply(target, post.externalId, comment.id, 'Danke, Anna!')).toEqual(reply)
	expect(await adapter.findReply(target, post.externalId, comment.id, 'Etwas anderes')).toBeNull()
	// The top level still holds only Anna's comment.
	expect((await adapter.listComments(target, post.externalId, new Date(0))).map((c) => c.id)).toEqual([comment.id])
})

test('errors map onto the taxonomy: unknown post 404, revoked token auth_expired, a timeout on the reply is an unknown outcome', async () => {
	await using li = await startLinkedinSandbox()
	const { post, comment } = await publishedWithComment(li, li.person)
	// The sandbox's deadline: the reads before the hanging reply must not meet a short one on a loaded machine.
	const adapter = li.adapter()
	const missing = await adapter.listComments(li.target(li.person), 'urn:li:share:999999', new Date(0)).catch((e: unknown) => e)
	expect(missing).toMatchObject({ kind: 'invalid_request', code: 'not_found' })
	const revoked = await adapter.listComments(li.target(li.person, 'sbx.forged.token'), post.externalId, new Date(0)).catch((e: unknown) => e)
	expect(revoked).toMatchObject({ kind: 'auth_expired' })
	li.router.script('POST /rest/socialActions/:urn/comments', [{ hang: true }])
	const lost = await adapter.replyToComment(li.target(li.person), post.externalId, comment.id, 'Hallo').catch((e: unknown) => e)
	expect(lost).toBeInstanceOf(PlatformError)
	expect(lost).toMatchObject({ kind: 'unknown_outcome' })
})
