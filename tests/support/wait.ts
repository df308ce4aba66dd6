// How tests wait: for a condition, never for a time budget. A loaded machine (two cores shared by
// several test runs) makes any work 5-10 times slower than on a quiet one, so a budget that fits the
// work on a quiet machine fails for the load, not for a defect. The only limit is the hang guard:
// far beyond any work under load, it turns a test that would wait forever into a failure.

/** vitest's testTimeout and hookTimeout, and the longest any wait below lasts before it gives up. */
export const HANG_GUARD_MS = 5 * 60_000

/**
 * Resolves once `check` holds, polling every `intervalMs`. Fails only at the hang guard (with `what`
 * and the last state `describe` gives, so a real hang says what was missing), or when `signal` (the
 * test's, from its context) aborts because the test ended.
 */
export async function waitFor(
	check: () => boolean | Promise<boolean>,
	options: { what?: string; describe?: () => string; intervalMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
	const { what = 'condition', describe, intervalMs = 20, signal } = options
	const gaveUpAt = Date.now() + HANG_GUARD_MS
	while (!(await check())) {
		signal?.throwIfAborted()
		if (Date.now() > gaveUpAt) throw new Error(`${what}: not met within the hang guard (${HANG_GUARD_MS} ms)${describe ? `; ${describe()}` : ''}`)
		await new Promise((resolve) => setTimeout(resolve, intervalMs))
	}
}
