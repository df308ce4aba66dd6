import cluster, { type Worker } from 'node:cluster'
import type { Logger } from '#modules/core/logger.server.ts'

const RESTART_DELAY_MS = 1000
const STOP_TIMEOUT_MS = 10_000

/**
 * One web server per core (node:cluster; ADR 0027): `count` processes run server/index.ts as web
 * processes on the same port, the primary hands each new connection to the next one in turn. A
 * process that dies is started again after a second; one that dies before all have started ends
 * the start (`onFailed`), so a broken build cannot restart forever.
 */
export function startWebProcesses(options: { count: number; env: NodeJS.ProcessEnv; logger: Logger; onListening: () => void; onFailed: (reason: string) => void }) {
	const { count, env, logger } = options
	const listening = new Set<number>()
	let started = false
	let stopping = false

	function fork() {
		const worker = cluster.fork(env)
		worker.once('listening', () => {
			listening.add(worker.id)
			if (!started && listening.size === count) {
				started = true
				options.onListening()
			}
		})
		worker.once('exit', (code, signal) => {
			listening.delete(worker.id)
			if (stopping) return
			if (!started) return options.onFailed(`a web process exited with ${signal ?? code} while starting`)
			logger.error('web_process_exited', { pid: worker.process.pid, code, signal })
			setTimeout(() => stopping || fork(), RESTART_DELAY_MS)
		})
	}
	for (let i = 0; i < count; i++) fork()

	return {
		/** SIGTERM to every web process (each closes its connections and pool), SIGKILL after 10 s. */
		async stop() {
			stopping = true
			const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead())
			await Promise.all(alive.map((worker) => stopOne(worker)))
		},
	}
}

function stopOne(worker: Worker) {
	return new Promise<void>((resolve) => {
		const timer = setTimeout(() => worker.process.kill('SIGKILL'), STOP_TIMEOUT_MS)
		worker.once('exit', () => {
			clearTimeout(timer)
			resolve()
		})
		worker.process.kill('SIGTERM')
	})
}
