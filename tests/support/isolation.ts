// Which test files need a process of their own (vitest.config.ts). All others share their worker's
// module cache (vitest's isolate: false): the app's modules load once per worker instead of once
// per file, which halved the CPU of a test file (issue 37: 40 unit files 23.5 → 11.0 s, 8 database
// files 17.3 → 8.9 s of user time). A file that changes what the next file in the same process would
// see must stay alone; it is recognised by what it calls, so a new one cannot slip into the shared group.
import fs from 'node:fs'

/**
 * Module mocks, spies, stubbed globals and environment, fake timers or clock, assignments to globals
 * or the environment, process-wide listeners and dispatchers, V8 flags (also through the RSS helper,
 * tests/support/rss.ts, which sets one and whose figures no other file's memory may share).
 */
const CHANGES_THE_PROCESS =
	/\bvi\.(mock|doMock|unmock|spyOn|stubGlobal|stubEnv|useFakeTimers|setSystemTime)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|globalThis\.\w+\s*=[^=]|process\.on\(|setGlobalDispatcher\(|v8\.setFlagsFromString\(|#tests\/support\/rss\.ts/

export function splitByIsolation(patterns: Array<string>, exclude: Array<string>) {
	const files = fs.globSync(patterns, { exclude: (name) => exclude.some((prefix) => name.startsWith(prefix)) })
	const isolated = files.filter((file) => CHANGES_THE_PROCESS.test(fs.readFileSync(file, 'utf8')))
	return { isolated, shared: files.filter((file) => !isolated.includes(file)) }
}
