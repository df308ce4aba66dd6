// node scripts/run-parallel.ts <npm script>... — runs npm scripts side by side (npm test's checks).
// tsc, eslint and the production build are each about one core's work in their longest stretch, so
// on the two-core machine they finish in about the time of the longest instead of their sum. Each
// script's output is printed whole when it ends (not interleaved); the exit code is 1 when any failed.
import { spawn } from 'node:child_process'

type Outcome = { script: string; code: number | null; seconds: number }

const scripts = process.argv.slice(2)
if (scripts.length === 0) {
	console.error('Aufruf: node scripts/run-parallel.ts <npm-Skript>...')
	process.exit(2)
}

function run(script: string): Promise<Outcome> {
	const started = performance.now()
	const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
	const output: Array<Buffer> = []
	child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
	child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
	return new Promise((resolve) => {
		child.on('close', (code) => {
			const seconds = (performance.now() - started) / 1000
			process.stdout.write(`\n── ${script} (${seconds.toFixed(1)} s, exit ${code}) ──\n`)
			process.stdout.write(Buffer.concat(output))
			resolve({ script, code, seconds })
		})
	})
}

const outcomes = await Promise.all(scripts.map(run))
const failed = outcomes.filter((outcome) => outcome.code !== 0)
console.log(`\n${outcomes.map((o) => `${o.script} ${o.code === 0 ? 'ok' : 'FAILED'} (${o.seconds.toFixed(1)} s)`).join(', ')}`)
process.exit(failed.length > 0 ? 1 : 0)
