type Call<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void }

/**
 * Gathers calls into one statement, DataLoader-style: `run` gets the inputs of several calls and
 * returns one output per input, in order. A call waits for the end of the current tick, or, while
 * a batch of the same kind is on its way, for that batch to finish: idle, a call goes alone at once;
 * under load, the calls that came in meanwhile go together. When a batch of several fails, each
 * input runs alone, so one bad row fails only its own call.
 */
export function createBatcher<I, O>(run: (inputs: Array<I>) => Promise<Array<O>>, options: { max?: number } = {}) {
	const max = options.max ?? 100
	let pending: Array<Call<I, O>> = []
	let busy = false
	let scheduled = false

	function schedule() {
		if (scheduled || busy || pending.length === 0) return
		scheduled = true
		setImmediate(() => void flush())
	}

	async function settle(calls: Array<Call<I, O>>) {
		const outputs = await run(calls.map((c) => c.input))
		calls.forEach((call, i) => call.resolve(outputs[i]!))
	}

	async function flush() {
		scheduled = false
		const calls = pending.slice(0, max)
		pending = pending.slice(max)
		busy = true
		try {
			await settle(calls)
		} catch (error) {
			if (calls.length === 1) calls[0]!.reject(error)
			else await Promise.all(calls.map((call) => settle([call]).catch(call.reject)))
		} finally {
			busy = false
			schedule()
		}
	}

	return (input: I) =>
		new Promise<O>((resolve, reject) => {
			pending.push({ input, resolve, reject })
			schedule()
		})
}
