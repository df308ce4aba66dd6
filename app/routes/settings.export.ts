import type { Route } from './+types/settings.export'
import { servicesContext } from '#app/context.ts'
import { requireUser } from '#app/server/guards.server.ts'
import { formatDateTime } from '#app/utils/format.ts'

// 'Daten exportieren': everything of the signed-in user's as a JSON download. Each module exports
// its own tables (its service's exportData: rows without user_id, never password hashes, session
// ids, token hashes or OAuth tokens); this route only puts the parts together.
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	const services = context.get(servicesContext)
	const [account, agents, brands, content, publishing, activity, news, toolbox, generation, catalog, billing, webhooks] = await Promise.all([
		services.accounts.exportData(user.id),
		services.agents.exportData(user.id),
		services.brands.exportData(user.id),
		services.content.exportData(user.id),
		services.publishing.exportData(user.id),
		services.activity.exportData(user.id),
		services.news.exportData(user.id),
		services.toolbox.exportData(user.id),
		services.generation.exportData(user.id),
		services.catalog.exportData(user.id),
		services.billing.exportData(user.id),
		services.webhooks.exportData(user.id),
	])
	if (!account) throw new Response(null, { status: 404 })
	const exported = {
		exportedAt: new Date().toISOString(),
		profile: account.profile,
		settings: { ...account.settings, content: news.contentSettings, toolbox: toolbox.toolSettings },
		ledger: account.ledger,
		roles: account.roles,
		signInMethods: account.signInMethods,
		sessions: account.sessions,
		apiTokens: account.apiTokens,
		connectedApps: account.connectedApps,
		agents: agents.agents,
		posts: content.posts,
		postMedia: content.postMedia,
		drafts: content.drafts,
		socialAccounts: publishing.socialAccounts,
		brands: brands.brands,
		channels: publishing.channels,
		deliveries: publishing.deliveries,
		commentReplies: publishing.commentReplies,
		activity: activity.activity,
		errorReports: activity.errorReports,
		newsItems: news.newsItems,
		contentIdeas: news.contentIdeas,
		newsGenerationLog: news.newsGenerationLog,
		toolRuns: toolbox.toolRuns,
		birthdayContacts: toolbox.birthdayContacts,
		generations: generation.generations,
		uploads: generation.uploads,
		modelTests: generation.modelTests,
		modelLikes: catalog.modelLikes,
		modelFavorites: catalog.modelFavorites,
		payments: billing.payments,
		subscriptions: billing.subscriptions,
		discountRedemptions: billing.discountRedemptions,
		enterpriseRequests: billing.enterpriseRequests,
		webhookEndpoints: webhooks.webhookEndpoints,
		webhookMessages: webhooks.webhookMessages,
		webhookAttempts: webhooks.webhookAttempts,
	}
	// The user's calendar day, not UTC's: an export at 00:30 in Zurich is named after that day.
	const day = formatDateTime(new Date(), user.timeZone, 'yyyy-MM-dd')
	return new Response(JSON.stringify(exported, null, 2), {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Disposition': `attachment; filename="postwerk-export-${day}.json"`,
			'Cache-Control': 'no-store',
		},
	})
}
