import { expect, test } from 'vitest'
import { createBatcher } from './batch.server.ts'

test('calls of one tick go in one batch; calls during a batch go in the next; outputs in order', async () => {
	const batches: Array<Array<number>> = []
	let release = () => {}
	const load = createBatcher(async (inputs: Array<number>) => {
		batches.push(inputs)
		if (batches.length === 1) await new Promise<void>((r) => (release = r))
		return inputs.map((n) => n * 10)
	})
	const first = Promise.all([load(1), load(2), load(3)])
	await new Promise((r) => setImmediate(r))
	const second = Promise.all([load(4), load(5)])
	await new Promise((r) => setTimeout(r, 5))
	expect(batches).toEqual([[1, 2, 3]])
	release()
	expect(await first).toEqual([10, 20, 30])
	expect(await second).toEqual([40, 50])
	expect(batches).toEqual([[1, 2, 3], [4, 5]])
})

test('a failed batch runs each input alone: only the bad one fails', async () => {
	const load = createBatcher(async (inputs: Array<number>) => {
		if (inputs.includes(2)) throw new Error(`bad ${inputs.join(',')}`)
		return inputs
	})
	const results = await Promise.allSettled([load(1), load(2), load(3)])
	expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
	expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('bad 2'))
})
