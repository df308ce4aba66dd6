// The drill's look at one machine's web processes (ADR 0027): the server started as production starts
// it (a primary and WEB_PROCESSES=2 web processes on one port), checked for what one process would
// never show: a change reaches the event streams held by both processes, a killed web process is
// replaced while the other answers, and SIGTERM stops them all.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { root } from './processes.ts'

type Check = (name: string, ok: boolean | null, detail: string) => void

const START_TIMEOUT_MS = 90_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function webProcessesDrill(options: {
	env: Record<string, string>
	port: number
	/** The session cookie of a signed-in user (name=value). */
	cookie: string
	/** Announces a change of that user (a NOTIFY from outside the web processes). */
	notify: () => Promise<void>
	logFile: string
	log: (line: string) => void
	check: Check
}) {
	const { port, check, log } = options
	const base = `http://127.0.0.1:${port}`
	const out = fs.openSync(options.logFile, 'a')
	const primary = spawn(process.execPath, [path.join(root, 'server/index.ts')], {
		cwd: root,
		env: { ...options.env, APP_ENV: 'production', WEB_PROCESSES: '2', PORT: String(port), APP_URL: base, SMTP_URL: 'smtp://127.0.0.1:9' },
		stdio: ['ignore', 'pipe', out],
	})
	let output = ''
	primary.stdout!.on('data', (chunk: Buffer) => {
		output += chunk.toString()
		fs.appendFileSync(options.logFile, chunk)
	})
	const exited = new Promise<number | null>((resolve) => primary.once('exit', resolve))
	try {
		const startedAt = Date.now()
		while (!output.includes('Webprozesse') && Date.now() - startedAt < START_TIMEOUT_MS && primary.exitCode === null) await sleep(100)
		const first = children(primary.pid!)
		check('web processes: started', first.length === 2, `${first.length} web processes under the primary after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`)
		if (first.length !== 2) return
		log(`web processes ${first.join(', ')} on ${base}`)

		// The primary hands new connections out in turn: two streams opened one after the other are
		// held by different processes (read from /proc), and each must hear the change.
		const streams = [await openStream(base, options.cookie), await openStream(base, options.cookie)]
		const holders = streams.map((s) => socketHolder(first, port, s.clientPort))
		await options.notify()
		const heard = await Promise.all(streams.map((s) => s.until(/event: change/, 5000)))
		streams.forEach((s) => s.close())
		const apart = holders.every((pid) => pid !== null) && holders[0] !== holders[1]
		check('web processes: live events in both', apart && heard.every(Boolean), `event streams held by ${holders.map((pid) => pid ?? '?').join(' and ')}; change heard by ${heard.filter(Boolean).length} of 2`)

		const [killed] = first
		process.kill(killed!, 'SIGKILL')
		await sleep(300)
		let failed = 0
		let answered = 0
		for (let i = 0; i < 20; i++) {
			const status = await get(base, '/health/live').catch(() => null)
			if (status === 200) answered++
			else failed++
			await sleep(100)
		}
		let replaced: Array<number> = []
		const killedAt = Date.now()
		while (Date.now() - killedAt < 10_000) {
			replaced = children(primary.pid!)
			if (replaced.length === 2 && !replaced.includes(killed!)) break
			await sleep(100)
		}
		const ok = failed === 0 && replaced.length === 2 && !replaced.includes(killed!)
		check('web processes: one killed, replaced', ok, `SIGKILL to ${killed}: ${answered} of ${answered + failed} requests answered meanwhile; processes now ${replaced.join(', ') || '-'}`)

		primary.kill('SIGTERM')
		const code = await Promise.race([exited, sleep(20_000).then(() => 'timeout' as const)])
		const left = replaced.filter(alive)
		check('web processes: stopped by SIGTERM', code === 0 && left.length === 0, `primary exited with ${code}; web processes left: ${left.length}`)
	} finally {
		if (primary.exitCode === null) primary.kill('SIGKILL')
		fs.closeSync(out)
	}
}

/** Which of `pids` holds the server side of the loopback connection from `clientPort` to `serverPort` (Linux /proc). */
function socketHolder(pids: Array<number>, serverPort: number, clientPort: number) {
	const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0')
	const row = fs
		.readFileSync('/proc/net/tcp', 'utf8')
		.split('\n')
		.map((line) => line.trim().split(/\s+/))
		.find((cols) => cols[1]?.endsWith(`:${hex(serverPort)}`) && cols[2]?.endsWith(`:${hex(clientPort)}`))
	const inode = row?.[9]
	if (!inode) return null
	for (const pid of pids) {
		const fds = fs.readdirSync(`/proc/${pid}/fd`, { withFileTypes: true })
		if (fds.some((fd) => fd.isSymbolicLink() && readLink(`/proc/${pid}/fd/${fd.name}`) === `socket:[${inode}]`)) return pid
	}
	return null
}

function readLink(file: string) {
	try {
		return fs.readlinkSync(file)
	} catch {
		return null
	}
}

/** The pids of a process's children (Linux). */
function children(pid: number) {
	try {
		return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
	} catch {
		return []
	}
}

function alive(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}

/** A GET on a connection of its own; resolves with the status. */
function get(base: string, pathname: string) {
	return new Promise<number>((resolve, reject) => {
		const req = http.get(`${base}${pathname}`, { agent: false, timeout: 5000 }, (res) => {
			res.resume()
			res.on('end', () => resolve(res.statusCode ?? 0))
		})
		req.on('timeout', () => req.destroy(new Error('timeout')))
		req.on('error', reject)
	})
}

/** An event stream on a connection of its own, open once its first line (retry:) has arrived. */
function openStream(base: string, cookie: string) {
	return new Promise<{ clientPort: number; until: (pattern: RegExp, timeoutMs: number) => Promise<boolean>; close: () => void }>((resolve, reject) => {
		let text = ''
		const req = http.get(`${base}/events`, { agent: false, headers: { cookie, accept: 'text/event-stream' } }, (res) => {
			if (res.statusCode !== 200) return reject(new Error(`/events answered ${res.statusCode}`))
			res.on('data', (chunk: Buffer) => {
				const first = text === ''
				text += chunk.toString()
				if (first) resolve({ clientPort: res.socket.localPort ?? 0, until, close: () => req.destroy() })
			})
		})
		req.on('error', (error) => (text ? undefined : reject(error)))
		async function until(pattern: RegExp, timeoutMs: number) {
			const end = Date.now() + timeoutMs
			while (!pattern.test(text) && Date.now() < end) await sleep(50)
			return pattern.test(text)
		}
	})
}
