// GET /health/live: liveness only (the process answers HTTP), no database work; for a load balancer's
// liveness probe and as the benchmarks' baseline (npm run bench:http). GET /health is the full check.
export function loader() {
	return Response.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } })
}
