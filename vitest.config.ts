// Vitest on its own config: the React Router Vite plugin is for the app build and dev server,
// not for unit and integration tests. Imports through package.json "imports" (#modules/...)
// resolve natively.
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { splitByIsolation } from './tests/support/isolation.ts'
import { HANG_GUARD_MS } from './tests/support/wait.ts'

const { isolated, shared } = splitByIsolation(
	[
		'modules/**/*.test.ts',
		'adapters/**/*.test.ts',
		'server/**/*.test.ts',
		'scripts/**/*.test.ts',
		'tests/integration/**/*.test.ts',
		'tests/security/**/*.test.ts',
		'tests/fakes/**/*.test.ts',
		'tests/support/**/*.test.ts',
		'app/**/*.test.{ts,tsx}',
	],
	['tests/e2e/', 'node_modules/', 'build/', '.data/'],
)

export default defineConfig({
	test: {
		environment: 'node',
		// Files that change the process for the next file (mocks, fake timers, globals) run alone; the
		// others share their worker's module cache (tests/support/isolation.ts). VITEST_ISOLATE_ALL=1
		// runs every file alone, to tell a leak between files from a defect.
		projects: [
			{ extends: true, test: { name: 'shared', include: shared, isolate: process.env.VITEST_ISOLATE_ALL === '1' } },
			{ extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
		],
		globalSetup: ['tests/support/global-setup.ts'],
		// Each test file clones its own database, so files run in parallel safely.
		pool: 'forks',
		// At least two workers (vitest's default is cores - 1: one worker on the two-core CI machine took
		// 17 min, two took 11). Timing checks measure CPU time, not wall time, so they hold beside
		// the other worker.
		maxWorkers: Math.max(2, availableParallelism() - 1),
		// Hang guards, not budgets: a test or hook that merely works slowly on a loaded machine must not
		// fail (tests/support/wait.ts); timing goals live in scripts/bench.
		testTimeout: HANG_GUARD_MS,
		hookTimeout: HANG_GUARD_MS,
		teardownTimeout: HANG_GUARD_MS,
		// Logs and console.error of the code under test stay visible in the output.
		silent: false,
	},
})
