// Issue 37, 2.3: the caps of the forms and schemas sit above every network's limit, so a text just
// over a network's limit gets the preflight's honest message (the network's limit and counting),
// through the creator's form and the REST API alike, and never "Ungültige Eingabe.".
import { expect, test, vi } from 'vitest'
import { textLimitsOf } from '#modules/publishing/descriptor.ts'
import { MAX_TEXT } from '#modules/content/text-limit.ts'
import { platformModules } from '#adapters/platforms/index.ts'
import { apiClient, apiToken } from '#tests/support/api-v1.ts'
import { harnessPerFile, type Harness } from '#tests/security/support/harness.ts'

vi.mock('lucide-react', async () => (await import('#tests/security/support/harness.ts')).uiStub())
vi.mock('@radix-ui/themes', async () => (await import('#tests/security/support/harness.ts')).uiStub())

let h: Harness
harnessPerFile((made) => ({ h } = made))

const longest = platformModules.map((m) => m.descriptor).sort((a, b) => b.text.limit - a.text.limit)[0]!
const overLongest = 'a'.repeat(longest.text.limit + 1)
const honest = new RegExp(`zu lang: ${(longest.text.limit + 1).toLocaleString('de-CH')} von höchstens ${longest.text.limit.toLocaleString('de-CH')} Zeichen`)

test('every limit of every registered network sits below the stored text cap', () => {
	for (const { descriptor } of platformModules) for (const rule of textLimitsOf(descriptor)) expect([descriptor.id, rule.limit < MAX_TEXT]).toEqual([descriptor.id, true])
})

test('the creator form: one character over the longest network limit gets the preflight message', async () => {
	const user = await h.user()
	const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
	const form = { intent: 'schedule', requestId: crypto.randomUUID(), platforms: longest.id, [`text.${longest.id}`]: overLongest, prompt: '', date: day, time: '10:00' }
	const answer = await h.call('/create', { cookie: user.cookie, form })
	expect(answer.status).toBe(400)
	const message = (answer.data as { message: string }).message
	expect(message).toMatch(honest)
	expect(message).not.toMatch(/Ungültige Eingabe/)
})

test('the creator form: a text over the stored cap is named too long, not invalid', async () => {
	const user = await h.user()
	const form = { intent: 'save-draft', requestId: crypto.randomUUID(), platforms: longest.id, [`text.${longest.id}`]: 'a'.repeat(MAX_TEXT + 1), prompt: '' }
	const answer = await h.call('/create', { cookie: user.cookie, form })
	expect(answer.status).toBe(400)
	expect((answer.data as { message: string }).message).toMatch(/zu lang/)
})

test('the REST API: one character over the longest network limit answers 422 with the preflight message', async () => {
	const user = await h.user()
	const token = await apiToken(h.services, user.id)
	const at = new Date(Date.now() + 3 * 86_400_000)
	at.setUTCHours(9, 0, 0, 0)
	const answer = await apiClient(h.services)('POST', '/posts', { token, json: { networks: [longest.id], text: overLongest, schedule: { type: 'at', at: at.toISOString() } } })
	expect(answer.status).toBe(422)
	const problem = await answer.json()
	expect(problem.code).toBe('preflight')
	expect(problem.reasons.join(' ')).toMatch(honest)
})
