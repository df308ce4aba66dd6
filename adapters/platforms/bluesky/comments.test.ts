import { expect, test } from 'vitest'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { blueskySandbox, connect, recordingHooks, targetOf, xrpcRoute } from './testing.ts'

const CREATE = xrpcRoute('POST', 'com.atproto.repo.createRecord')

async function setup(options: { timeoutMs?: number } = {}) {
	const sandbox = await blueskySandbox(options)
	const account = await connect(sandbox)
	const target = targetOf(account)
	const post = await sandbox.adapter.publish(target, contentOf('Was meint ihr?'), recordingHooks().hooks)
	const comment = sandbox.store.addComment({ id: sandbox.store.commentId('bluesky', post.externalId), platform: 'bluesky', postId: post.externalId, parentId: null, authorId: 'follower-mia', authorName: 'Mia', text: 'Super Idee, wo kann ich mehr lesen?' })
	sandbox.router.requests.length = 0
	return Object.assign(sandbox, { account, target, post, comment })
}

test('listComments: the direct replies of getPostThread (depth 1) after `since`, oldest first', async () => {
	await using bs = await setup()
	const comments = await bs.adapter.listComments(bs.target, bs.post.externalId, new Date(Date.now() - 60_000))
	expect(comments).toEqual([{ id: bs.comment.id, authorName: 'Mia', text: 'Super Idee, wo kann ich mehr lesen?', createdAt: expect.any(Date), own: false }])
	expect(bs.comment.id).toMatch(/^at:\/\/did:plc:[a-z2-7]{24}\/app\.bsky\.feed\.post\/[a-z2-7]{13}$/)
	const read = bs.router.requests[0]!
	expect(read.path).toBe('/host/pds.sandbox.bsky.example/xrpc/app.bsky.feed.getPostThread')
	expect(Object.fromEntries(read.query)).toEqual({ uri: bs.post.externalId, depth: '1', parentHeight: '0' })
	expect(await bs.adapter.listComments(bs.target, bs.post.externalId, new Date(Date.now() + 60_000))).toEqual([])
})

test('replyToComment: a post with root and parent references (uri and cid); findReply finds it; it is no new post', async () => {
	await using bs = await setup()
	const reply = await bs.adapter.replyToComment(bs.target, bs.post.externalId, bs.comment.id, 'Danke, Mia! Link im Profil.')

	const { record } = bs.router.requests.find((r) => r.route === CREATE)!.json as { record: { reply: Record<string, { uri: string; cid: string }> } }
	expect(record.reply).toEqual({ root: { uri: bs.post.externalId, cid: expect.stringMatching(/^bafyrei/) }, parent: { uri: bs.comment.id, cid: expect.stringMatching(/^bafyrei/) } })
	expect(record.reply.root!.cid).not.toBe(record.reply.parent!.cid)
	expect(bs.store.posts).toHaveLength(1)
	expect(bs.store.findComments('bluesky', bs.post.externalId, bs.comment.id)).toEqual([expect.objectContaining({ id: reply.externalId, authorId: bs.account.accountId, text: 'Danke, Mia! Link im Profil.' })])
	expect(await bs.adapter.findReply(bs.target, bs.post.externalId, bs.comment.id, 'Danke, Mia! Link im Profil.')).toEqual(reply)
	expect(await bs.adapter.findReply(bs.target, bs.post.externalId, bs.comment.id, 'Nein')).toBeNull()

	// The account's own reply below the post is listed as own (never answered by the auto-reply).
	await bs.adapter.replyToComment(bs.target, bs.post.externalId, bs.post.externalId, 'Eigener Nachtrag')
	const listed = await bs.adapter.listComments(bs.target, bs.post.externalId, new Date(0))
	expect(listed.map((c) => [c.text, c.own])).toEqual([
		['Super Idee, wo kann ich mehr lesen?', false],
		['Eigener Nachtrag', true],
	])
})

test('followers and post metrics: likes, replies, reposts plus quotes as shares, no views', async () => {
	await using bs = await setup()
	expect(await bs.adapter.followerCount(bs.target)).toBe(bs.account.pages[0]!.followerCount)
	const metrics = await bs.adapter.postMetrics(bs.target, bs.post.externalId)
	const read = bs.router.requests.at(-1)!
	expect(read.path).toBe('/host/pds.sandbox.bsky.example/xrpc/app.bsky.feed.getPosts')
	expect(read.query.getAll('uris')).toEqual([bs.post.externalId])
	const view = (await (await fetch(`${bs.mount}${read.path}?uris=${encodeURIComponent(bs.post.externalId)}`, { headers: { authorization: `Bearer ${bs.target.accessToken}` } })).json()) as {
		posts: Array<{ likeCount: number; replyCount: number; repostCount: number; quoteCount: number }>
	}
	const [post] = view.posts
	expect(metrics).toEqual({ views: 0, likes: post!.likeCount, comments: 1, shares: post!.repostCount + post!.quoteCount })
	expect(await bs.adapter.postMetrics(bs.target, `at://${bs.account.accountId}/app.bsky.feed.post/3zzzzzzzzzzzz`)).toBeNull()
})

test('errors: a bad token is auth_expired; a createRecord for a reply that hangs is an unknown outcome', async () => {
	// The default deadline for setting up and for the bad token; the hanging reply waits for it.
	await using bs = await setup()
	await expect(bs.adapter.listComments({ ...bs.target, accessToken: 'x.y.z' }, bs.post.externalId, new Date(0))).rejects.toMatchObject({ kind: 'auth_expired' })
	bs.router.script(CREATE, [{ hang: true }])
	await expect(bs.adapter.replyToComment(bs.target, bs.post.externalId, bs.comment.id, 'x')).rejects.toMatchObject({ kind: 'unknown_outcome', code: 'timeout' })
})
