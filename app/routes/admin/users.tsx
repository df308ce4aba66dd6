import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/users'
import { UsersPage } from '#app/components/admin-users/users-page.tsx'
import type { AdminUsersReply } from '#app/components/admin-users/types.ts'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireAdmin } from '#app/server/guards.server.ts'
import { requestIdOf } from '#app/server/request-id.server.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { ADMIN_USERS_PAGE_SIZE, GrantCreditsSchema, RevokeApiTokenSchema, SetAdminSchema, SetPlanSchema, UserSearchSchema } from '#modules/admin/index.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = requireAdmin(context, request)
	const { admin: adminService } = context.get(servicesContext)
	const params = new URL(request.url).searchParams
	const search = UserSearchSchema.parse({ q: params.get('q') ?? '', page: params.get('page') ?? '1' })
	const historyId = z.uuid().safeParse(params.get('history'))
	const tokensId = z.uuid().safeParse(params.get('tokens'))
	const t = getInstance(context).getFixedT('de', 'adminUsers')
	try {
		const [list, history, tokens] = await Promise.all([
			adminService.users.list({ query: search.q, page: search.page }),
			historyId.success ? adminService.users.history(historyId.data) : Promise.resolve(null),
			tokensId.success ? adminService.users.apiTokens(tokensId.data) : Promise.resolve(null),
		])
		return {
			title: t('meta.title'),
			query: search.q,
			list,
			history: history && historyId.success ? { userId: historyId.data, entries: history } : null,
			tokens: tokens && tokensId.success ? { userId: tokensId.data, tokens: tokens.map((token) => ({ ...token, expired: token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now() })) } : null,
			me: admin.id,
			timeZone: admin.timeZone,
			loadError: false,
		}
	} catch {
		return {
			title: t('meta.title'),
			query: search.q,
			list: { users: [], total: 0, page: 1, pageSize: ADMIN_USERS_PAGE_SIZE, pageCount: 1 },
			history: null,
			tokens: null,
			me: admin.id,
			timeZone: admin.timeZone,
			loadError: true,
		}
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const IntentSchema = z.object({ intent: z.enum(['grant', 'plan', 'role', 'revokeToken']) })

export async function action({ request, context }: Route.ActionArgs) {
	const admin = requireAdmin(context, request)
	const { admin: adminService } = context.get(servicesContext)
	const t = getInstance(context).getFixedT('de', 'adminUsers')
	const actor = { id: admin.id, email: admin.email }
	const fail = (description: string, status = 400, extra: Partial<AdminUsersReply> = {}) =>
		data<AdminUsersReply>({ ok: false, notice: { type: 'error', title: t('errorTitle'), description }, ...extra }, { status })

	const { formData, submission: intentCheck } = await parseForm(request, IntentSchema)
	if (intentCheck.status !== 'success') return fail(t('errors.invalidRequest'))

	try {
		if (intentCheck.value.intent === 'grant') {
			const submission = parseWithZod(formData, { schema: GrantCreditsSchema })
			if (submission.status !== 'success') return fail(t('errors.grantFailed'), 400, { grant: submission.reply() })
			const { userId, amount, reason } = submission.value
			// The grant dialog's request id: a retry or a double submit grants once.
			const requestId = requestIdOf(formData)
			if (!requestId) return fail(t('errors.grantFailed'), 400, { grant: submission.reply() })
			const result = await adminService.users.grantCredits(actor, { userId, amount, reason }, requestId)
			if (!result.ok && result.error === 'request_conflict') return fail(getInstance(context).t('common:errors.requestConflict'), 409, { grant: submission.reply() })
			if (!result.ok) return fail(t('errors.grantFailed'), result.error === 'not_found' ? 404 : 400, { grant: submission.reply() })
			const user = await adminService.users.get(userId)
			return data<AdminUsersReply>({
				ok: true,
				granted: true,
				grant: submission.reply({ resetForm: true }),
				notice: { type: 'success', title: t('grant.success'), description: t('grant.successText', { credits: t('grant.credits', { count: amount }), email: user?.email ?? '', balance: result.balance }) },
			})
		}

		if (intentCheck.value.intent === 'plan') {
			const submission = parseWithZod(formData, { schema: SetPlanSchema })
			if (submission.status !== 'success') return fail(t('errors.planFailed'))
			const result = await adminService.users.setSubscriptionType(actor, submission.value)
			if (!result.ok) return fail(t('errors.planFailed'), 404)
			const user = await adminService.users.get(submission.value.userId)
			return data<AdminUsersReply>({
				ok: true,
				notice: result.changed
					? { type: 'success', title: t('plan.success'), description: t('plan.successText', { email: user?.email ?? '', plan: t(`plans.${submission.value.subscriptionType}`) }) }
					: { type: 'info', title: t('plan.unchanged') },
			})
		}

		if (intentCheck.value.intent === 'revokeToken') {
			const submission = parseWithZod(formData, { schema: RevokeApiTokenSchema })
			if (submission.status !== 'success') return fail(t('tokens.revokeFailed'))
			const result = await adminService.users.revokeApiToken(actor, submission.value)
			if (!result.ok) return fail(result.error === 'already_revoked' ? t('tokens.alreadyRevoked') : t('tokens.revokeFailed'), result.error === 'not_found' ? 404 : 409)
			return data<AdminUsersReply>({ ok: true, revoked: submission.value.tokenId, notice: { type: 'success', title: t('tokens.revoked') } })
		}

		const submission = parseWithZod(formData, { schema: SetAdminSchema })
		if (submission.status !== 'success') return fail(t('role.failed'))
		const result = await adminService.users.setAdmin(actor, submission.value)
		if (!result.ok) return fail(result.error === 'own_admin_role' ? t('role.ownRole') : t('role.failed'), result.error === 'not_found' ? 404 : 400)
		return data<AdminUsersReply>({ ok: true, notice: { type: 'success', title: submission.value.admin ? t('role.granted') : t('role.revoked') } })
	} catch {
		const keys = { grant: 'errors.grantFailed', plan: 'errors.planFailed', role: 'role.failed', revokeToken: 'tokens.revokeFailed' } as const
		const key = keys[intentCheck.value.intent]
		return fail(t(key), 503)
	}
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
	return <UsersPage {...loaderData} />
}
