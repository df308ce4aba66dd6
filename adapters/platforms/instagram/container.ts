import { setTimeout as delay } from 'node:timers/promises'
import { PlatformError } from '#modules/publishing/ports.ts'
import { containerError } from '../meta/errors.ts'
import type { Graph } from '../meta/graph.ts'

export type PollOptions = {
	/** First wait between status reads; it doubles up to `maxPollIntervalMs`. */
	pollIntervalMs: number
	maxPollIntervalMs: number
	/** Give up (transient, nothing was published) after this long. Meta suggests at most 5 minutes. */
	maxWaitMs: number
}

// The first read after 250 ms (a small image is usually ready by then; a first wait of 1 s held every
// post with an image that long), then doubling: the reads per container stay a handful.
export const defaultPollOptions: PollOptions = { pollIntervalMs: 250, maxPollIntervalMs: 30_000, maxWaitMs: 5 * 60_000 }

type Status = { status_code?: string; status?: string }

/**
 * Reads a container's status until it can be published (FINISHED) or was published already (PUBLISHED).
 * ERROR is 'invalid_request' ('video_failed' for a container that `holdsVideo`).
 */
export async function waitForContainer(
	graph: Graph,
	containerId: string,
	token: string,
	options: PollOptions,
	signal?: AbortSignal,
	holdsVideo = false,
): Promise<'FINISHED' | 'PUBLISHED'> {
	const deadline = Date.now() + options.maxWaitMs
	let wait = options.pollIntervalMs
	for (;;) {
		const status = await readStatus(graph, containerId, token, signal)
		if (status?.status_code === 'FINISHED' || status?.status_code === 'PUBLISHED') return status.status_code
		if (status?.status_code === 'ERROR') throw containerError(status.status, holdsVideo)
		if (status?.status_code === 'EXPIRED') throw new PlatformError({ kind: 'transient', code: 'container_expired', message: `container ${containerId} expired` })
		if (Date.now() + wait > deadline) {
			throw new PlatformError({ kind: 'transient', code: 'transient', message: `container ${containerId} still ${status?.status_code ?? 'unreadable'} after ${options.maxWaitMs} ms` })
		}
		try {
			await delay(wait, undefined, { signal })
		} catch {
			throw new PlatformError({ kind: 'transient', code: 'transient', message: `aborted while waiting for container ${containerId}` })
		}
		wait = Math.min(wait * 2, options.maxPollIntervalMs)
	}
}

/** One status read; a transient failure only costs a poll (null), everything else ends the wait. */
async function readStatus(graph: Graph, containerId: string, token: string, signal?: AbortSignal): Promise<Status | null> {
	try {
		return await graph.get<Status>(containerId, { fields: 'status_code,status' }, token, { signal })
	} catch (error) {
		if (error instanceof PlatformError && error.kind === 'transient' && !signal?.aborted) return null
		throw error
	}
}

/** The container's status code, or null when Graph no longer knows it. */
export async function containerStatus(graph: Graph, containerId: string, token: string) {
	try {
		const status = await graph.get<Status>(containerId, { fields: 'status_code' }, token)
		return status.status_code ?? null
	} catch (error) {
		if (error instanceof PlatformError && error.code === 'not_found') return null
		throw error
	}
}
