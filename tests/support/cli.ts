// Our command-line scripts (`npm run credits:grant`, `seed:models`, `seed:tools`) run as npm would run
// them: a new process with the pinned Node, against a test database.
import { execFile } from 'node:child_process'
import path from 'node:path'

export type ScriptRun = { code: number | null; out: string }

const node = path.resolve('node_modules/.bin/node')

/** The environment a script needs to reach the test database `databaseUrl` and nothing else. */
export function scriptEnv(databaseUrl: string): NodeJS.ProcessEnv {
	return { ...process.env, DATABASE_URL: databaseUrl, APP_ENV: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-0123', DATA_DIR: '.data/test-unused' }
}

/**
 * Runs `scripts/<script>` with `args` and resolves with its exit code and output. No time limit of its
 * own: starting Node and loading the modules takes ~1 s on a quiet machine and 15 s or more on a
 * loaded one, so a limit would fail the test for the machine's load. `signal` (the test's own, from its
 * context) ends the process when the test ends or reaches vitest's timeout.
 */
export function runScript(script: string, args: Array<string>, options: { env: NodeJS.ProcessEnv; signal: AbortSignal }): Promise<ScriptRun> {
	return new Promise((resolve) => {
		execFile(node, [path.join('scripts', script), ...args], { env: options.env, signal: options.signal }, (error, stdout, stderr) =>
			resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: stdout + stderr }),
		)
	})
}
