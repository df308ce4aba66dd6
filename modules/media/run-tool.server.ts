import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

/** How much of a tool's stderr is kept for an error message. */
const STDERR_TAIL_BYTES = 4 * 1024
/** After SIGTERM, how long a tool may take to stop before SIGKILL. */
const KILL_GRACE_MS = 2_000

export type ToolRun = {
	/** The exit code; null when a signal ended the tool. */
	code: number | null
	/** The last few KB of stderr. */
	stderrTail: string
	aborted: boolean
}

export type ToolOptions = {
	/** Each line of stdout, as it arrives (stdout is not kept). */
	onLine?: (line: string) => void
	signal?: AbortSignal
}

/**
 * Spawns a tool with its output streamed: stdout by lines, stderr cut to its tail. An aborted signal
 * sends SIGTERM, then SIGKILL after a grace; the promise settles only once the process is gone.
 */
export function runTool(binary: string, args: ReadonlyArray<string>, options: ToolOptions = {}): Promise<ToolRun> {
	const { onLine, signal } = options
	if (signal?.aborted) return Promise.resolve({ code: null, stderrTail: '', aborted: true })
	return new Promise((resolve, reject) => {
		const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] })
		let stderrTail = ''
		let aborted = false
		let killTimer: NodeJS.Timeout | undefined
		child.stderr.setEncoding('utf8')
		child.stderr.on('data', (chunk: string) => {
			stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_BYTES)
		})
		const lines = createInterface({ input: child.stdout, crlfDelay: Infinity })
		lines.on('line', (line) => onLine?.(line))
		const abort = () => {
			aborted = true
			child.kill('SIGTERM')
			killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS)
		}
		signal?.addEventListener('abort', abort, { once: true })
		const settle = () => {
			clearTimeout(killTimer)
			signal?.removeEventListener('abort', abort)
		}
		child.once('error', (error) => {
			settle()
			reject(error)
		})
		child.once('close', (code) => {
			settle()
			resolve({ code, stderrTail, aborted })
		})
	})
}

/** An Error for a tool that exited nonzero, with the last lines of what it wrote to stderr. */
export function toolFailure(name: string, run: ToolRun, lines = 10): Error {
	const tail = run.stderrTail.trimEnd().split('\n').slice(-lines).join('\n')
	return new Error(`${name} exited with ${run.code ?? 'a signal'}${tail ? `:\n${tail}` : ''}`)
}
