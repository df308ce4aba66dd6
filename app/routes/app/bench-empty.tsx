import { data } from 'react-router'
import type { Route } from './+types/bench-empty'
import { requestInfoContext } from '#app/context.ts'

// The empty route of npm run bench:http: the signed-in app shell (session, layout loader, root
// document) with nothing in it, so a page's figures show what the page itself costs. Answers only on
// a server started with BENCH_EMPTY_PAGE=true; everywhere else it is a 404 like any unknown address.
export function loader({ context }: Route.LoaderArgs) {
	if (!context.get(requestInfoContext).benchEmptyPage) throw data(null, { status: 404 })
	return null
}

export default function BenchEmptyPage() {
	return null
}
