import type { RouterContextProvider } from 'react-router'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { firstName, greetingFor } from '#app/utils/greeting.ts'
import type { CurrentUser } from '#modules/accounts/index.ts'

/**
 * What the main layout needs: profile card, greeting and the drafts bell. A page whose loader counts
 * the drafts anyway (the dashboard) passes its count and saves the query.
 */
export async function loadShell(context: Readonly<RouterContextProvider>, user: CurrentUser, known: { draftsCount?: number } = {}) {
	const services = context.get(servicesContext)
	const draftsCount = known.draftsCount ?? (await services.content.countDrafts(user.id))
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
		showDevTools: context.get(requestInfoContext).showDevTools,
	}
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>
