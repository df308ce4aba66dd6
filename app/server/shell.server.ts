import type { RouterContextProvider } from 'react-router'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { firstName, greetingFor } from '#app/utils/greeting.ts'
import type { CurrentUser } from '#modules/accounts/index.ts'
import { brandChoice, type BrandChoice } from './brand-choice.server.ts'

/**
 * What the main layout needs: profile card, greeting, the drafts bell and the brand switcher. A page
 * whose loader counts the drafts or reads the brands anyway (the dashboard) passes them and saves the queries.
 */
export async function loadShell(context: Readonly<RouterContextProvider>, request: Request, user: CurrentUser, known: { draftsCount?: number; brands?: BrandChoice } = {}) {
	const services = context.get(servicesContext)
	const [draftsCount, brands] = await Promise.all([known.draftsCount ?? services.content.countDrafts(user.id), known.brands ?? brandChoice(context, request, user)])
	return {
		user: {
			fullName: user.fullName,
			email: user.email,
			subscriptionType: user.subscriptionType,
			plan: user.plan,
			isAdmin: user.isAdmin,
		},
		firstName: firstName(user.fullName),
		greeting: greetingFor(new Date(), user.timeZone),
		draftsCount,
		/** The brand switcher: the user's brands and the chosen one (null: 'Alle Marken'). */
		brands: { list: brands.brands.map((b) => ({ id: b.id, name: b.name })), currentId: brands.current?.id ?? null },
		showDevTools: context.get(requestInfoContext).showDevTools,
	}
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>
