import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'
import { expect, test } from 'vitest'
import { createLocalDiskStore } from '#adapters/storage/local-disk/index.ts'
import { createS3Store } from '#adapters/storage/s3/index.ts'
import type { FileStore } from '#modules/core/files.server.ts'
import { startS3Fake } from '#tests/fakes/s3.ts'
import { generatedStream, MiB } from '#tests/support/generated-stream.ts'

// Issue 39: a 1 GB file must not raise the process's memory by more than 64 MB. A streamed upload's
// memory does not grow with the file's size (disk: the write stream's buffer; S3: the part being
// filled and two 8 MiB parts in flight), so 256 MiB show it in a few seconds. Measured against the RSS
// after a warm-up upload and a full GC (rssGrowth says how). It runs in a process of its own
// (tests/support/isolation.ts: it sets a V8 flag), so no other file's memory is counted.

const LIMIT_BYTES = 64 * 1024 * 1024
const keys = { accessKeyId: 'AKIAPOSTWERKTEST0001', secretAccessKey: 'geheim/Schluessel+fuer+den+Test0123456789' }

/** global.gc when node runs with --expose-gc, else the same function fetched through V8's flag. */
function collector(): () => void {
	const exposed = (globalThis as { gc?: () => void }).gc
	if (exposed) return exposed
	v8.setFlagsFromString('--expose-gc')
	return runInNewContext('gc') as () => void
}

/**
 * The RSS growth over the base while storing `size` bytes: `raw` sampled every 10 ms as it comes,
 * `live` sampled after a full GC at every 8 MiB produced (what the upload holds, without the garbage
 * V8 has not collected yet: freed chunks wait for a GC that V8 starts by its own heuristics).
 */
async function rssGrowth(store: FileStore, key: string, size: number) {
	const gc = collector()
	gc()
	const base = process.memoryUsage()
	let raw = base.rss
	let live = base.rss
	let buffers = base.arrayBuffers
	const sample = () => {
		raw = Math.max(raw, process.memoryUsage().rss)
	}
	const sampleLive = (produced: number) => {
		if (produced % (8 * MiB) !== 0) return
		sample()
		gc()
		const now = process.memoryUsage()
		live = Math.max(live, now.rss)
		buffers = Math.max(buffers, now.arrayBuffers)
	}
	const timer = setInterval(sample, 10)
	try {
		const stored = await store.putStream(key, generatedStream(size, { onProduced: sampleLive }).stream, 'video/mp4')
		expect(stored.bytes).toBe(size)
	} finally {
		clearInterval(timer)
	}
	sample()
	return { raw: raw - base.rss, live: live - base.rss, buffers: buffers - base.arrayBuffers }
}

async function measure(name: string, store: FileStore) {
	await store.putStream('uploads/warm/up.mp4', generatedStream(32 * MiB).stream, 'video/mp4')
	await store.delete('uploads/warm/up.mp4')
	const growth = await rssGrowth(store, 'uploads/gross/video.mp4', 256 * MiB)
	console.log(`${name}: RSS peak growth while storing 256 MiB: ${(growth.live / MiB).toFixed(1)} MiB live, ${(growth.raw / MiB).toFixed(1)} MiB with uncollected garbage; Buffers held after a GC: ${(growth.buffers / MiB).toFixed(1)} MiB`)
	expect(growth.live).toBeLessThan(LIMIT_BYTES)
}

test('a 256 MiB stream to the local disk raises the RSS by less than 64 MB', async () => {
	const root = await fs.mkdtemp(path.join(os.tmpdir(), 'postwerk-memory-'))
	try {
		await measure('local disk', createLocalDiskStore(root))
	} finally {
		await fs.rm(root, { recursive: true, force: true })
	}
})

test('a 256 MiB stream to S3 (multipart, against the fake in this process) raises the RSS by less than 64 MB', async () => {
	await using s3 = await startS3Fake({ bucket: 'postwerk-media', ...keys })
	await measure('S3', createS3Store({ endpoint: s3.url, region: 'us-east-1', bucket: 'postwerk-media', ...keys }))
	expect(s3.objects.get('postwerk-media/uploads/gross/video.mp4')?.size).toBe(256 * MiB)
})
