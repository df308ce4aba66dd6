import type { Route } from './+types/posts.csv-sample'
import { servicesContext } from '#app/context.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { sampleCsv } from '#modules/content/csv-import.ts'
import { addDays, todayIn } from '#modules/scheduling/index.ts'
import { networksOf } from '#modules/posting/index.ts'

// 'Beispieldatei herunterladen': the columns and two example rows (dates a week ahead, so the sample imports as it is).
export function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const services = context.get(servicesContext)
	const today = todayIn(user.timeZone, new Date())
	const german = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`
	const body = sampleCsv(networksOf(services), { first: german(addDays(today, 7)), second: german(addDays(today, 8)) })
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': 'attachment; filename="postwerk-beispiel.csv"',
			'Cache-Control': 'no-store',
		},
	})
}
