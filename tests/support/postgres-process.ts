// Helpers for an embedded Postgres left running by a test process that died (killed, crashed).
import fs from 'node:fs'
import path from 'node:path'

export function isAlive(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

/**
 * Stops the postmaster serving `<dataDir>/pg` when the process that started it (the pid in
 * pg-instance.json) is gone; pass `force` to stop it whoever started it. Only a postgres process
 * whose data directory is exactly ours is signalled (pids get reused).
 */
export async function stopOrphanedPostgres(dataDir: string, { force = false } = {}) {
	const pgDir = path.join(path.resolve(dataDir), 'pg')
	const owner = readJson<{ pid?: number }>(path.join(dataDir, 'pg-instance.json'))?.pid
	if (!force && owner && isAlive(owner)) return false
	const pid = Number(readText(path.join(pgDir, 'postmaster.pid'))?.split('\n')[0])
	if (!Number.isInteger(pid) || pid <= 0 || !isPostgresFor(pid, pgDir)) return false
	process.kill(pid, 'SIGINT')
	const deadline = Date.now() + 15_000
	while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
	if (isAlive(pid)) process.kill(pid, 'SIGKILL')
	fs.rmSync(path.join(dataDir, 'pg-instance.json'), { force: true })
	return true
}

function isPostgresFor(pid: number, pgDir: string) {
	const cmdline = readText(`/proc/${pid}/cmdline`)?.split('\0') ?? []
	return cmdline.some((arg) => arg.endsWith('/postgres') || arg === 'postgres') && cmdline.includes(pgDir)
}

function readText(file: string) {
	try {
		return fs.readFileSync(file, 'utf8')
	} catch {
		return null
	}
}

function readJson<T>(file: string): T | null {
	const text = readText(file)
	try {
		return text ? (JSON.parse(text) as T) : null
	} catch {
		return null
	}
}
