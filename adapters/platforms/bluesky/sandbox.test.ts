import { expect, test } from 'vitest'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { blueskySandbox, connect, didOf, recordingHooks, targetOf } from './testing.ts'

test('the feed page shows Bluesky posts, and a test follower comment there reaches listComments', async () => {
	await using sandbox = await blueskySandbox()
	const target = targetOf(await connect(sandbox))
	const post = await sandbox.adapter.publish(target, contentOf('Hallo Bluesky'), recordingHooks().hooks)

	const page = await (await fetch(`${sandbox.base}/`)).text()
	expect(page).toContain('<strong>Bluesky</strong>')
	expect(page).toContain('Hallo Bluesky')

	const form = new URLSearchParams({ postId: post.externalId, name: 'Lea', text: 'Schön!' })
	expect((await fetch(`${sandbox.base}/comment`, { method: 'POST', body: form, redirect: 'manual' })).status).toBe(303)
	expect(await sandbox.adapter.listComments(target, post.externalId, new Date(0))).toEqual([expect.objectContaining({ authorName: 'Lea', text: 'Schön!', own: false })])
})

test('identity as the network publishes it: the well-known DID, the DID document with the PDS, the same DID for the same handle', async () => {
	await using sandbox = await blueskySandbox()
	const wellKnown = await fetch(`${sandbox.mount}/host/lea.example.ch/.well-known/atproto-did`)
	const did = (await wellKnown.text()).trim()
	expect(wellKnown.headers.get('content-type')).toContain('text/plain')
	expect(did).toBe(await didOf(sandbox, 'lea.example.ch'))
	const doc = (await (await fetch(`${sandbox.mount}/host/plc.directory/${did}`)).json()) as Record<string, unknown>
	expect(doc).toMatchObject({ id: did, alsoKnownAs: ['at://lea.example.ch'], service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: 'https://pds.sandbox.bsky.example' }] })
	expect((await fetch(`${sandbox.mount}/host/plc.directory/did:plc:nope`)).status).toBe(404)
	const resolve = await fetch(`${sandbox.mount}/host/bsky.social/xrpc/com.atproto.identity.resolveHandle?handle=x.invalid`)
	expect([resolve.status, await resolve.json()]).toEqual([400, { error: 'HandleNotFound', message: 'Unable to resolve handle' }])
	expect((await fetch(`${sandbox.mount}/host/lea.example.ch/xrpc/com.atproto.identity.resolveHandle?handle=lea.example.ch`)).status).toBe(404)
})

test('listRecords pages newest first with a cursor; getRecord knows only what exists', async () => {
	await using sandbox = await blueskySandbox()
	const account = await connect(sandbox)
	const target = targetOf(account)
	const uris = []
	for (const text of ['eins', 'zwei', 'drei']) uris.push((await sandbox.adapter.publish(target, contentOf(text), recordingHooks().hooks)).externalId)
	const list = async (query: string) =>
		(await (await fetch(`${sandbox.mount}/host/pds.sandbox.bsky.example/xrpc/com.atproto.repo.listRecords?repo=${account.accountId}&collection=app.bsky.feed.post&${query}`)).json()) as {
			records: Array<{ uri: string; value: { text: string } }>
			cursor?: string
		}
	const first = await list('limit=2')
	expect(first.records.map((r) => r.value.text)).toEqual(['drei', 'zwei'])
	const second = await list(`limit=2&cursor=${first.cursor}`)
	expect([second.records.map((r) => r.uri), second.cursor]).toEqual([[uris[0]], undefined])
	const missing = await fetch(`${sandbox.mount}/host/pds.sandbox.bsky.example/xrpc/com.atproto.repo.getRecord?repo=${account.accountId}&collection=app.bsky.feed.post&rkey=3zzzzzzzzzzzz`)
	expect([missing.status, ((await missing.json()) as { error: string }).error]).toEqual([400, 'RecordNotFound'])
})
