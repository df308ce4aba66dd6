import { describe, expect, test } from 'vitest'
import { answerOrRefusal } from './action-fallback.ts'

const notice = { type: 'error' as const, title: 'Fehler', description: 'Das Like konnte nicht gespeichert werden.' }
const refusal = { data: { ok: false, notice, unanswered: true }, init: { status: 503 } }

describe('answerOrRefusal', () => {
	test('keeps the server answer, refused ones too', async () => {
		expect(await answerOrRefusal(() => Promise.resolve({ ok: true, likeCount: 3 }), notice)).toEqual({ ok: true, likeCount: 3 })
		const refused = { ok: false, notice: { type: 'error', title: 'Anders' } }
		expect(await answerOrRefusal(() => Promise.resolve(refused), notice)).toBe(refused)
	})

	test('a thrown error (network, 500 page) becomes a refusal with the notice and a failing status (the router then skips reloading the page)', async () => {
		expect(await answerOrRefusal(() => Promise.reject(new TypeError('Failed to fetch')), notice)).toMatchObject(refusal)
	})

	test('a redirect is passed on', async () => {
		const redirect = new Response(null, { status: 302, headers: { Location: '/auth' } })
		await expect(answerOrRefusal(() => Promise.reject(redirect), notice)).rejects.toBe(redirect)
	})

	test('an answer without ok (not an action reply) becomes a refusal', async () => {
		expect(await answerOrRefusal(() => Promise.resolve('kaputt'), notice)).toMatchObject(refusal)
		expect(await answerOrRefusal(() => Promise.resolve(null), notice)).toMatchObject(refusal)
	})
})
