import { expect, test } from 'vitest'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { connect, mastodonSandbox, recordingHooks, targetOf } from './testing.ts'

const STATUSES = 'POST /host/:host/api/v1/statuses'

async function setup() {
	const sandbox = await mastodonSandbox()
	const target = targetOf(await connect(sandbox))
	const post = await sandbox.adapter.publish(target, contentOf('Was meint ihr?'), recordingHooks().hooks)
	// A follower comments through the sandbox feed page's control API, as in test mode.
	const response = await fetch(`${sandbox.base}/__fake/comments`, { method: 'POST', body: JSON.stringify({ postId: post.externalId, authorName: 'Mia', text: 'Super Idee, wo kann ich mehr lesen?' }) })
	expect(response.status).toBe(200)
	const comment = (await response.json()) as { id: string }
	sandbox.router.requests.length = 0
	return Object.assign(sandbox, { target, post, comment })
}

test('listComments: the direct replies in the context, with author and plain text; own replies marked', async () => {
	await using m = await setup()
	const comments = await m.adapter.listComments(m.target, m.post.externalId, new Date(Date.now() - 60_000))
	expect(comments).toEqual([{ id: m.comment.id, authorName: 'Mia', text: 'Super Idee, wo kann ich mehr lesen?', createdAt: expect.any(Date), own: false }])
	expect(m.router.requests[0]!.path).toBe(`/host/mastodon.example/api/v1/statuses/${m.post.externalId}/context`)
	expect(await m.adapter.listComments(m.target, m.post.externalId, new Date(Date.now() + 60_000))).toEqual([])
})

test('replyToComment: a public status in reply, mentioning the commenter, with an Idempotency-Key; findReply finds it', async () => {
	await using m = await setup()
	const reply = await m.adapter.replyToComment(m.target, m.post.externalId, m.comment.id, 'Danke, Mia! Link im Profil.')
	const create = m.router.requests.find((r) => r.route === STATUSES)!
	expect(create.json).toEqual({ status: '@mia@beispiel.social Danke, Mia! Link im Profil.', in_reply_to_id: m.comment.id, visibility: 'public' })
	expect(create.headers['idempotency-key']).toBeTruthy()
	expect(m.store.posts).toHaveLength(1)
	expect(m.store.findComments('mastodon', m.post.externalId, m.comment.id)).toEqual([expect.objectContaining({ id: reply.externalId, authorId: '@testperson@mastodon.example' })])

	expect(await m.adapter.findReply(m.target, m.post.externalId, m.comment.id, 'Danke, Mia! Link im Profil.')).toEqual(reply)
	expect(await m.adapter.findReply(m.target, m.post.externalId, m.comment.id, 'Nein')).toBeNull()

	// A reply to the own post mentions nobody; it is listed as own, after the follower's comment.
	await m.adapter.replyToComment(m.target, m.post.externalId, m.post.externalId, 'Eigener Nachtrag')
	const listed = await m.adapter.listComments(m.target, m.post.externalId, new Date(0))
	expect(listed.map((c) => [c.text, c.own])).toEqual([
		['Super Idee, wo kann ich mehr lesen?', false],
		['Eigener Nachtrag', true],
	])
})

test('a lost reply answer is an unknown outcome, found again with findReply; a bad token is auth_expired', async () => {
	await using m = await setup()
	// The reply is created at once, its answer held far beyond the default deadline, which it waits for.
	m.tuning.statusDelayMs = 60_000
	await expect(m.adapter.replyToComment(m.target, m.post.externalId, m.comment.id, 'Gern!')).rejects.toMatchObject({ kind: 'unknown_outcome' })
	expect(await m.adapter.findReply(m.target, m.post.externalId, m.comment.id, 'Gern!')).toEqual({ externalId: expect.any(String) })
	await expect(m.adapter.listComments({ ...m.target, accessToken: 'sbx.bad' }, m.post.externalId, new Date(0))).rejects.toMatchObject({ kind: 'auth_expired' })
})
