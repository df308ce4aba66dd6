import { z } from 'zod'
import type { RegisteredPlatforms } from '#modules/content/platforms.ts'
import { decodeCursor, encodeCursor } from '../cursor.server.ts'
import { json } from '../request.server.ts'
import { defineOperation } from './operation.server.ts'
import { apiChannel } from './views.server.ts'
import { AccountSchema, ChannelSchema, CreditsSchema, IdeaSchema, LedgerEntrySchema, PaginationQuery, pageOf } from './schemas.ts'

// /api/v1/accounts, /channels, /credits, /credits/ledger and /ideas: what the accounts page, 'Abo & Credits'
// and the news page show.

const IdeasQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20).meta({ description: 'Anzahl (1-50, Standard 20)' }) })

export function accountOperations(registered: RegisteredPlatforms) {
	return [
		defineOperation({
			method: 'GET',
			path: '/accounts',
			operationId: 'listAccounts',
			tag: 'Konten',
			summary: 'Verbundene Konten',
			description: 'Je Netzwerk Ihre verbundenen Seiten (die Standardseite erhält Posts ohne eigene Wahl) und was dem Veröffentlichen im Weg steht.',
			scope: 'read',
			responses: { 200: { description: 'Die Netzwerke mit ihren Seiten', schema: z.object({ data: z.array(AccountSchema) }).meta({ id: 'AccountList' }) } },
			problems: [],
			async handle({ services, principal }) {
				const pages = await services.publishing.listChannels(principal.user.id)
				const data = registered
					.filter((network) => pages.some((p) => p.platform === network))
					.map((network) => ({
						network,
						networkName: services.publishing.platforms.get(network)?.name ?? network,
						pages: pages.filter((p) => p.platform === network).map((p) => ({ id: p.id, name: p.pageName, type: p.pageType, isDefault: p.isDefault, followerCount: p.followerCount, problem: p.problem })),
					}))
				return json({ data })
			},
		}),
		defineOperation({
			method: 'GET',
			path: '/channels',
			operationId: 'listChannels',
			tag: 'Konten',
			summary: 'Kanäle',
			description: 'Ihre Kanäle: jedes verbundene Profil, jede Seite und jedes Konto eines Netzwerks, mit Marke, Standardkanal, Zustand und Followern. Ein Post geht an die Kanäle, die er unter channels nennt.',
			scope: 'read',
			responses: { 200: { description: 'Die Kanäle', schema: z.object({ data: z.array(ChannelSchema) }).meta({ id: 'ChannelList' }) } },
			problems: [],
			async handle({ services, principal }) {
				const channels = await services.publishing.listChannels(principal.user.id)
				return json({ data: channels.map(apiChannel) })
			},
		}),
		defineOperation({
			method: 'GET',
			path: '/credits',
			operationId: 'getCredits',
			tag: 'Credits',
			summary: 'Credit-Guthaben',
			description: 'Das aktuelle Guthaben in Credits; KI-Generierungen ziehen ihre Kosten davon ab (die Buchungen unter /credits/ledger).',
			scope: 'read',
			responses: { 200: { description: 'Das Guthaben', schema: CreditsSchema } },
			problems: [],
			async handle({ services, principal }) {
				return json({ balance: await services.accounts.creditBalance(principal.user.id) })
			},
		}),
		defineOperation({
			method: 'GET',
			path: '/credits/ledger',
			operationId: 'listLedger',
			tag: 'Credits',
			summary: 'Credit-Buchungen',
			description: 'Gutschriften und Belastungen, die neusten zuerst, seitenweise.',
			scope: 'read',
			query: PaginationQuery,
			responses: { 200: { description: 'Eine Seite Buchungen', schema: pageOf(LedgerEntrySchema, 'LedgerPage') } },
			problems: [400],
			async handle({ context, services, principal, query }) {
				const q = query as z.output<typeof PaginationQuery>
				const page = await services.accounts.ledgerPage(principal.user.id, q.limit, decodeCursor(context, q.cursor))
				return json({ data: page.items.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })), nextCursor: encodeCursor(page.next) })
			},
		}),
		defineOperation({
			method: 'GET',
			path: '/ideas',
			operationId: 'listIdeas',
			tag: 'Ideen',
			summary: 'Content-Ideen',
			description: 'Ihre neusten KI-Content-Ideen (Seite «News & Ideen»).',
			scope: 'read',
			query: IdeasQuery,
			responses: { 200: { description: 'Die Ideen', schema: z.object({ data: z.array(IdeaSchema) }).meta({ id: 'IdeaList' }) } },
			problems: [400],
			async handle({ services, principal, query }) {
				const { ideas } = await services.news.dashboardIdeas(principal.user.id, (query as z.output<typeof IdeasQuery>).limit)
				return json({ data: ideas.map(({ platforms, ...idea }) => ({ ...idea, networks: platforms })) })
			},
		}),
	]
}
