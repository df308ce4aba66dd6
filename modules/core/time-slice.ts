/**
 * For long loops on the request path: `await slice()` between steps gives the event loop a turn
 * (other requests, timers) once `budgetMs` has passed since the last turn, so no single step of the
 * loop holds the process longer than the budget plus one step.
 */
export function timeSlicer(budgetMs = 20) {
	let since = performance.now()
	return async function slice() {
		if (performance.now() - since < budgetMs) return
		await new Promise((resolve) => setImmediate(resolve))
		since = performance.now()
	}
}
