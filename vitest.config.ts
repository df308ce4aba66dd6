// Vitest on its own config: the React Router Vite plugin is for the app build and dev server,
// not for unit and integration tests. Imports through package.json "imports" (#modules/...)
// resolve natively.
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { HANG_GUARD_MS } from './tests/support/wait.ts'

export default defineConfig({
	test: {
		environment: 'node',
		include: [
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
		exclude: ['tests/e2e/**', 'node_modules/**', 'build/**', '.data/**'],
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
