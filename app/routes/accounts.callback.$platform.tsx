import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/accounts.callback.$platform'
import { servicesContext } from '#app/context.ts'
import { CallbackPage, type CallbackResult } from '#app/components/accounts/callback-page.tsx'
import { leftOutNotice } from '#app/components/accounts/left-out.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { requireUser } from '#app/server/guards.server.ts'

// What the provider appends to the redirect URI: code and state, or error (the user cancelled).
const QuerySchema = z.object({
	code: z.string().min(1).max(4096).optional(),
	state: z.string().min(1).max(512).optional(),
	error: z.string().max(200).optional(),
})

// The provider's redirect target, outside the app shell: it completes the connection (single-use
// state bound to this user) and the page hands the result to the accounts page.
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const user = requireUser(context, request)
	// Only a registered platform has a callback.
	const descriptor = context.get(servicesContext).publishing.platforms.get(params.platform)
	if (!descriptor) throw data(null, { status: 404 })
	const platform = descriptor.id
	const i18n = getInstance(context)
	const t = i18n.getFixedT('de', 'accounts')
	const name = descriptor.name
	const title = t('meta.callbackTitle')
	const failed = (message: string) => ({ title, result: { platform, ok: false, message } satisfies CallbackResult })

	const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	if (!query.success) return failed(t('callback.invalid'))
	const { code, state, error } = query.data
	if (error) return failed(t('callback.cancelled'))
	if (!code || !state) return failed(t('callback.invalid'))

	const outcome = await context
		.get(servicesContext)
		.publishing.completeConnect(user.id, platform, { state, code })
		.catch((cause: unknown) => {
			console.error('accounts: completing the connection failed', cause)
			return { ok: false as const, error: 'exchange_failed' as const }
		})
	if (outcome.ok) return { title, result: { platform, ok: true, notice: leftOutNotice(t, outcome.leftOut, outcome.limit) } satisfies CallbackResult }
	if (outcome.error === 'invalid_state') return failed(t('callback.expired'))
	if (outcome.error === 'channel_limit') return failed(t('callback.channelLimit', { count: outcome.limit }))
	if (outcome.error === 'permission_missing') return failed(i18n.t('publishing:reasons.permission_missing'))
	return failed(t('callback.exchangeFailed', { platform: name }))
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AccountsCallbackRoute({ loaderData }: Route.ComponentProps) {
	return <CallbackPage result={loaderData.result} />
}
