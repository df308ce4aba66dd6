// Issue 37 (1.1): a CSV preview of a 400 KB file of 200 000 short lines held the process for seconds
// (the whole file parsed before the 1 000-row limit was checked). The reader now streams, stops at row
// 1 001 and gives the event loop a turn every few ms: a /health/live poll beside the upload is answered
// throughout. The blocks are measured as the main thread's CPU time between two polls
// (process.threadCpuUsage), so a core taken by other work on a busy machine does not count as a block.
import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { servicesContext, userContext } from '#app/context.ts'
import * as health from '#app/routes/health.live.ts'
import * as importer from '#app/routes/posts.csv-import.ts'
import { createTestDatabase } from '#tests/support/db.ts'
import { testServices } from '#tests/support/services.ts'

const BLOCK_BUDGET_MS = 100

/** Polls /health/live's loader every few ms until stopped; each poll notes the main thread's CPU time since the last one. */
function pollHealth() {
	const blocks: Array<number> = []
	let last = process.threadCpuUsage()
	let running = true
	let answered = 0
	const done = (async () => {
		while (running) {
			await new Promise((resolve) => setTimeout(resolve, 2))
			const response = health.loader()
			if (response.status === 200) answered++
			const used = process.threadCpuUsage(last)
			last = process.threadCpuUsage()
			blocks.push((used.user + used.system) / 1000)
		}
	})()
	return {
		async stop() {
			running = false
			await done
			return { answered, longestBlockMs: Math.max(...blocks) }
		},
	}
}

test('a 200 000-line file is refused with the German row limit while /health/live keeps answering (no block over 100 ms)', async () => {
	await using t = await createTestDatabase()
	const { services } = testServices(t.db)
	const id = await services.accounts.createConfirmedUser({ email: `${crypto.randomUUID()}@beispiel.ch`, password: 'ein-langes-passwort', fullName: 'Paula Import' })
	const context = new RouterContextProvider()
	context.set(servicesContext, services)
	context.set(userContext, { id, timeZone: 'Europe/Zurich' } as never)
	const file = `text;netzwerke\n${'a\n'.repeat(200_000)}`
	expect(file.length).toBeGreaterThan(400_000)
	const form = new FormData()
	form.set('intent', 'preview')
	form.set('file', new File([file], 'viele-zeilen.csv', { type: 'text/csv' }))
	const request = new Request('http://127.0.0.1/posts/csv-import', { method: 'POST', body: form })

	const poller = pollHealth()
	const answer = (await importer.action({ request, context, params: {} } as never)) as unknown as { init: { status: number } | null; data: { ok: boolean; message?: string } }
	const polls = await poller.stop()
	console.info(`CSV preview of 200 000 lines: longest main-thread block ${polls.longestBlockMs.toFixed(1)} ms of CPU, ${polls.answered} /health/live answers`)

	expect(polls.answered).toBeGreaterThan(0)
	expect(polls.longestBlockMs).toBeLessThan(BLOCK_BUDGET_MS)
	expect(answer.init?.status).toBe(400)
	expect(answer.data).toMatchObject({ ok: false, message: 'Die Datei hat mehr als 1000 Zeilen. Pro Import sind höchstens 1000 Zeilen möglich. Bitte teilen Sie sie in mehrere Dateien auf.' })
})
