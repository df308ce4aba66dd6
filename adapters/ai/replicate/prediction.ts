import { setTimeout as sleep } from 'node:timers/promises'
import type Replicate from 'replicate'
import type { Prediction } from 'replicate'
import { AiError } from '#modules/ai/ports.ts'
import { aiMessages } from '../messages.ts'
import { apiStatus, predictionFailed, replicateError, retryAfterMs } from './errors.ts'

export type PredictionOptions = { timeoutMs: number; pollIntervalMs: number }

const maxPollIntervalMs = 5000
/** Our own retries of a throttled create, on top of the SDK's (which come without any delay). */
const createRetries = 4
const cancelTimeoutMs = 5000
const finished = new Set(['succeeded', 'failed', 'canceled', 'aborted'])

/**
 * Creates a prediction, polls it to its end and hands its output to `use` (the download), all
 * within `timeoutMs`. When the deadline passes or `signal` aborts first, the prediction is
 * cancelled so it stops costing money.
 */
export async function runPrediction<T>(
	replicate: Replicate,
	options: PredictionOptions,
	request: { model: string; input: Record<string, unknown>; signal?: AbortSignal },
	use: (output: unknown, signal: AbortSignal) => Promise<T>,
): Promise<T> {
	const timeout = AbortSignal.timeout(options.timeoutMs)
	const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout
	const endsAt = Date.now() + options.timeoutMs
	let running: string | null = null
	try {
		const created = await create(replicate, request.model, request.input, signal, endsAt)
		running = created.id
		const done = await poll(replicate, created, signal, options.pollIntervalMs)
		running = null
		if (done.status === 'failed') throw predictionFailed(done.error)
		if (done.status !== 'succeeded') throw new AiError({ kind: 'transient', code: 'prediction_canceled', message: aiMessages.failed })
		return await use(done.output, signal)
	} catch (error) {
		if (!signal.aborted) throw replicateError(error)
		if (running) await replicate.predictions.cancel(running, { signal: AbortSignal.timeout(cancelTimeoutMs) }).catch(() => undefined)
		throw timeout.aborted
			? new AiError({ kind: 'transient', code: 'timeout', message: aiMessages.timeout, cause: error })
			: new AiError({ kind: 'transient', code: 'aborted', message: aiMessages.aborted, cause: error })
	}
}

async function create(replicate: Replicate, model: string, input: Record<string, unknown>, signal: AbortSignal, endsAt: number) {
	for (let attempt = 0; ; attempt++) {
		try {
			return await replicate.predictions.create({ model, input, signal })
		} catch (error) {
			if (apiStatus(error) !== 429 || attempt >= createRetries) throw error
			const wait = retryAfterMs(error) ?? Math.min(1000 * 2 ** attempt, 10_000)
			if (Date.now() + wait >= endsAt) throw error
			await sleep(wait, undefined, { signal })
		}
	}
}

async function poll(replicate: Replicate, prediction: Prediction, signal: AbortSignal, firstIntervalMs: number) {
	let current = prediction
	let interval = firstIntervalMs
	while (!finished.has(current.status)) {
		await sleep(interval, undefined, { signal })
		interval = Math.min(interval * 1.5, maxPollIntervalMs)
		try {
			current = await replicate.predictions.get(current.id, { signal })
		} catch (error) {
			if (signal.aborted) throw error
			// A failed poll must not lose a prediction that is still running (and paid for).
			const mapped = replicateError(error)
			if (mapped.kind !== 'transient' && mapped.kind !== 'rate_limited') throw mapped
		}
	}
	return current
}
