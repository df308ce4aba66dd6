import { expect, test } from 'vitest'
import { contentOf } from '#modules/publishing/publish-media.ts'
import { startLinkedinSandbox } from './testing.ts'

const versioned = (token: string) => ({ authorization: `Bearer ${token}`, 'linkedin-version': '202601', 'x-restli-protocol-version': '2.0.0' })

test('every /rest call needs LinkedIn-Version and X-Restli-Protocol-Version (400), and a valid token (401)', async () => {
	await using li = await startLinkedinSandbox()
	const url = `${li.base}/linkedin/rest/posts?q=author&author=${encodeURIComponent(li.person)}`
	const { 'linkedin-version': _version, ...withoutVersion } = versioned(li.token)
	expect((await fetch(url, { headers: withoutVersion })).status).toBe(400)
	expect((await fetch(url, { headers: { ...versioned(li.token), 'linkedin-version': '2026-01' } })).status).toBe(400)
	expect((await fetch(url, { headers: { ...versioned(li.token), 'x-restli-protocol-version': '1.0.0' } })).status).toBe(400)
	expect((await fetch(url, { headers: versioned(li.token) })).status).toBe(200)

	const unauthorized = await fetch(url, { headers: versioned('sbx.forged.token') })
	expect(unauthorized.status).toBe(401)
	expect(await unauthorized.json()).toEqual({
		status: 401,
		serviceErrorCode: 65601,
		code: 'REVOKED_ACCESS_TOKEN',
		message: 'The token used in the request has been revoked by the user',
	})
})

test('an unescaped reserved character cuts the stored post, and the API still answers 201', async () => {
	await using li = await startLinkedinSandbox()
	const response = await fetch(`${li.base}/linkedin/rest/posts`, {
		method: 'POST',
		headers: { ...versioned(li.token), 'content-type': 'application/json' },
		body: JSON.stringify({
			author: li.person,
			commentary: 'Hallo (Welt)',
			visibility: 'PUBLIC',
			distribution: { feedDistribution: 'MAIN_FEED' },
			lifecycleState: 'PUBLISHED',
		}),
	})
	expect(response.status).toBe(201)
	expect(await response.text()).toBe('')
	expect(response.headers.get('x-restli-id')).toMatch(/^urn:li:share:\d+$/)
	expect(li.store.posts[0]!.text).toBe('Hallo ')
})

test('posting as someone else is 403 with serviceErrorCode 100; a missing field is 422', async () => {
	await using li = await startLinkedinSandbox()
	const post = (body: object) =>
		fetch(`${li.base}/linkedin/rest/posts`, { method: 'POST', headers: { ...versioned(li.token), 'content-type': 'application/json' }, body: JSON.stringify(body) })
	const base = { commentary: 'x', visibility: 'PUBLIC', distribution: { feedDistribution: 'MAIN_FEED' }, lifecycleState: 'PUBLISHED' }
	const forbidden = await post({ ...base, author: 'urn:li:organization:1' })
	expect(forbidden.status).toBe(403)
	expect(await forbidden.json()).toMatchObject({ status: 403, serviceErrorCode: 100 })
	const missing = await post({ ...base, author: li.person, visibility: undefined })
	expect(missing.status).toBe(422)
	expect(await missing.json()).toMatchObject({ message: '/visibility :: field is required but not found and has no default value' })
	expect(li.store.posts).toEqual([])
})

test('the sandbox feed page shows the published post', async () => {
	await using li = await startLinkedinSandbox()
	const published = await li.adapter().publish(li.target(li.person), contentOf('Grüezi <Welt> #Testmodus'), { checkpoint: async () => {} })
	const feed = await (await fetch(published.url!)).text()
	expect(feed).toContain(`id="${published.externalId}"`)
	expect(feed).toContain('Grüezi &#60;Welt&#62; #Testmodus')
})
