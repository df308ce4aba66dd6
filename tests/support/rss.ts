import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'

// The memory tests' yardstick (issue 39: a stream must not raise the RSS by more than a few MB): the
// RSS's growth over its value after a full GC while some work runs. V8 frees a stream's chunks only
// when it decides to collect, so the figure that counts (`live`) is read right after a full GC; `raw`,
// read every 10 ms without one, adds the garbage not yet collected (for the log). The tests using it
// run in a process of their own (tests/support/isolation.ts): it sets a V8 flag, and no other file's
// memory may count.

const RAW_EVERY_MS = 10
const MiB = 1024 * 1024

/** A full GC: the runtime's where the process started with --expose-gc, else one exposed by setting the flag. */
export function collector(): () => void {
	const exposed = (globalThis as { gc?: () => void }).gc
	if (exposed) return exposed
	v8.setFlagsFromString('--expose-gc')
	return runInNewContext('gc') as () => void
}

/** Growth in bytes: `live` the RSS after a GC, `raw` the RSS as it came, `buffers` the ArrayBuffers held after a GC. */
export type RssGrowth = { live: number; raw: number; buffers: number }

/**
 * The peak growth while `work` runs: `live` read where `work` calls `sample`, every `liveEveryMs` when
 * given, and at the end; `raw` every 10 ms besides.
 */
export async function rssGrowth(work: (sample: () => void) => Promise<void>, options: { liveEveryMs?: number } = {}): Promise<RssGrowth> {
	const gc = collector()
	gc()
	const base = process.memoryUsage()
	let raw = base.rss
	let live = base.rss
	let buffers = base.arrayBuffers
	const sampleRaw = () => {
		raw = Math.max(raw, process.memoryUsage().rss)
	}
	const sample = () => {
		sampleRaw()
		gc()
		const now = process.memoryUsage()
		live = Math.max(live, now.rss)
		buffers = Math.max(buffers, now.arrayBuffers)
	}
	const timers = [setInterval(sampleRaw, RAW_EVERY_MS), ...(options.liveEveryMs ? [setInterval(sample, options.liveEveryMs)] : [])]
	try {
		await work(sample)
	} finally {
		for (const timer of timers) clearInterval(timer)
	}
	sample()
	return { live: live - base.rss, raw: raw - base.rss, buffers: buffers - base.arrayBuffers }
}

/** A generated stream's `onProduced` that samples at every 8 MiB produced. */
export const sampleEvery8MiB = (sample: () => void) => (produced: number) => {
	if (produced % (8 * MiB) === 0) sample()
}

/** '12.3 MiB live, 40.0 MiB with uncollected garbage; Buffers held after a GC: 1.0 MiB' */
export const describeGrowth = (growth: RssGrowth) =>
	`${(growth.live / MiB).toFixed(1)} MiB live, ${(growth.raw / MiB).toFixed(1)} MiB with uncollected garbage; Buffers held after a GC: ${(growth.buffers / MiB).toFixed(1)} MiB`
