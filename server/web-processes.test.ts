import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readEnv } from '#modules/core/env.server.ts'
import { waitFor } from '#tests/support/wait.ts'

const fixture = path.resolve(import.meta.dirname, '../tests/support/web-processes-fixture.ts')
let primary: ChildProcess | null = null
let output = ''

afterEach(() => {
	primary?.kill('SIGKILL')
	primary = null
})

function start(env: NodeJS.ProcessEnv = {}) {
	output = ''
	primary = spawn(process.execPath, [fixture], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
	primary.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
	return primary
}

/** Process starts take seconds on a loaded machine: wait for what the output says, not for a time. */
const until = (check: () => boolean) => waitFor(check, { what: 'web processes', describe: () => `output so far:\n${output}` })

/** The pid that answered, on a new connection each time (the primary hands connections out in turn). */
function pidAt(port: number) {
	return new Promise<number>((resolve, reject) => {
		http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
			let body = ''
			res.on('data', (c: Buffer) => (body += c.toString()))
			res.on('end', () => resolve(Number(body)))
		}).on('error', reject)
	})
}

async function pidsAt(port: number) {
	const pids = new Set<number>()
	for (let i = 0; i < 6; i++) pids.add(await pidAt(port))
	return pids
}

const alive = (pid: number) => {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}

describe('web processes (node:cluster)', () => {
	it('serves from two processes, replaces one that dies, and stops them all on SIGTERM', async () => {
		const child = start()
		await until(() => output.includes('listening'))
		const port = Number(/port (\d+)/.exec(output)![1])
		const first = await pidsAt(port)
		expect(first.size).toBe(2)

		const [killed] = [...first]
		process.kill(killed!, 'SIGKILL')
		await until(() => (output.match(/port \d+/g) ?? []).length === 3)
		const second = await pidsAt(port)
		expect(second.size).toBe(2)
		expect(second.has(killed!)).toBe(false)

		const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
		child.kill('SIGTERM')
		expect(await exited).toBe(0)
		expect(output).toContain('stopped')
		for (const pid of second) expect(alive(pid)).toBe(false)
	})

	it('ends the start when a web process dies before all are listening', async () => {
		const child = start({ FIXTURE_FAIL: 'true' })
		const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
		expect(code).toBe(1)
		expect(output).toMatch(/failed: a web process exited with 3 while starting/)
	})
})

describe('WEB_PROCESSES', () => {
	const production = { APP_ENV: 'production', APP_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://127.0.0.1:9', DATA_DIR: '/tmp/postwerk-web-processes' }
	it('is one per core (at most 4) in production and 1 in development, unless set', () => {
		expect(readEnv(production).WEB_PROCESSES).toBe(Math.min(availableParallelism(), 4))
		expect(readEnv({ APP_ENV: 'development', DATA_DIR: '/tmp/postwerk-web-processes' }).WEB_PROCESSES).toBe(1)
		expect(readEnv({ ...production, WEB_PROCESSES: '6' }).WEB_PROCESSES).toBe(6)
		expect(() => readEnv({ ...production, WEB_PROCESSES: '0' })).toThrow(/WEB_PROCESSES/)
	})
})
