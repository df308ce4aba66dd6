// The drill's child processes: web servers (server/index.ts on the built app, WORKER_IN_PROCESS=false)
// and job workers (scripts/worker.ts), each started, SIGKILLed and started again under a fixed label.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import type pg from 'pg'

export const root = path.resolve(import.meta.dirname, '../..')

export type Role = 'web' | 'worker'

export type ManagedProcess = {
	label: string
	role: Role
	/** Every pid this label had, oldest first (a restart adds one). */
	pids: Array<number>
	child: ChildProcess | null
	url: string | null
	/** Variables of this process on top of the drill's common ones (PORT, APP_URL, ...). */
	env: Record<string, string>
	starts: number
	kills: number
	/** ms from spawn to ready, per start. */
	startMs: Array<number>
	/** Exits that the drill did not cause (crashes). */
	unexpectedExits: Array<{ pid: number; code: number | null; signal: string | null }>
}

/** The first free loopback ports from `from` on (at most `to`). */
export async function freePorts(count: number, from: number, to: number, taken = new Set<number>()) {
	const found: Array<number> = []
	for (let port = from; port <= to && found.length < count; port++) {
		if (taken.has(port)) continue
		if (await isFree(port)) found.push(port)
	}
	if (found.length < count) throw new Error(`Keine ${count} freien Ports zwischen ${from} und ${to}`)
	return found
}

function isFree(port: number) {
	return new Promise<boolean>((resolve) => {
		const probe = net.createServer()
		probe.once('error', () => resolve(false))
		probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
	})
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function createProcessManager(options: { env: Record<string, string>; logDir: string; pool: pg.Pool; log: (line: string) => void }) {
	const processes: Array<ManagedProcess> = []
	let shuttingDown = false
	fs.mkdirSync(options.logDir, { recursive: true })

	function spawnChild(p: ManagedProcess) {
		const script = p.role === 'web' ? 'server/index.ts' : 'scripts/worker.ts'
		const logFile = path.join(options.logDir, `${p.label}.log`)
		const out = fs.openSync(logFile, 'a')
		const child = spawn(process.execPath, [path.join(root, script)], {
			cwd: root,
			env: { ...options.env, ...p.env },
			stdio: ['ignore', out, out],
		})
		fs.closeSync(out)
		p.child = child
		p.pids.push(child.pid!)
		p.starts++
		const pid = child.pid!
		child.once('exit', (code, signal) => {
			if (p.child === child) p.child = null
			// SIGKILL is ours (a drill fault); anything else while the drill runs is a crash.
			if (!shuttingDown && signal !== 'SIGKILL') {
				p.unexpectedExits.push({ pid, code, signal })
				options.log(`!! ${p.label} (pid ${pid}) ended unexpectedly: code ${code} signal ${signal} (log: ${logFile})`)
			}
		})
		return child
	}

	async function waitReady(p: ManagedProcess, timeoutMs = 90_000) {
		const started = Date.now()
		const pid = p.pids.at(-1)!
		while (Date.now() - started < timeoutMs) {
			if (!p.child || p.child.pid !== pid) throw new Error(`${p.label} (pid ${pid}) ended while starting; see ${path.join(options.logDir, `${p.label}.log`)}`)
			if (p.role === 'web') {
				const ok = await fetch(`${p.url}/auth`, { signal: AbortSignal.timeout(5000) }).then(
					(r) => r.status < 500,
					() => false,
				)
				if (ok) break
			} else {
				const { rows } = await options.pool
					.query<{ n: number }>(`select count(*)::int as n from worker_heartbeats where worker_id like '%:' || $1::text`, [String(pid)])
					.catch(() => ({ rows: [{ n: 0 }] }))
				if (rows[0]!.n > 0) break
			}
			await sleep(150)
		}
		if (Date.now() - started >= timeoutMs) throw new Error(`${p.label} (pid ${pid}) not ready after ${timeoutMs} ms`)
		p.startMs.push(Date.now() - started)
	}

	return {
		processes,

		async start(label: string, role: Role, extraEnv: Record<string, string> = {}, port?: number) {
			const p: ManagedProcess = { label, role, pids: [], child: null, url: port ? `http://127.0.0.1:${port}` : null, env: extraEnv, starts: 0, kills: 0, startMs: [], unexpectedExits: [] }
			processes.push(p)
			spawnChild(p)
			await waitReady(p)
			return p
		},

		/** SIGKILL (no goodbye: open requests, locked jobs and half-done publishes stay as they are), then start again. */
		async killAndRestart(p: ManagedProcess, downMs = 0) {
			const child = p.child
			if (child) {
				const exited = new Promise((resolve) => child.once('exit', resolve))
				child.kill('SIGKILL')
				p.kills++
				await exited
			}
			if (downMs > 0) await sleep(downMs)
			spawnChild(p)
			await waitReady(p)
		},

		labelOfPid(pid: number) {
			return processes.find((p) => p.pids.includes(pid))?.label ?? null
		},

		async stopAll() {
			shuttingDown = true
			await Promise.all(
				processes.map(async (p) => {
					const child = p.child
					if (!child) return
					const exited = new Promise((resolve) => child.once('exit', resolve))
					child.kill('SIGTERM')
					const timer = setTimeout(() => child.kill('SIGKILL'), 8000)
					await exited
					clearTimeout(timer)
				}),
			)
		},
	}
}

export type ProcessManager = ReturnType<typeof createProcessManager>
