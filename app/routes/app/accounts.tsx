import { data } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { z } from 'zod'
import type { Route } from './+types/accounts'
import { servicesContext } from '#app/context.ts'
import { AccountsPage } from '#app/components/accounts/accounts-page.tsx'
import type { AccountsData, ActionToast, ConnectReply, SignInReply, ToastReply } from '#app/components/accounts/types.ts'
import { LoadError } from '#app/components/load-error.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { parseForm } from '#app/server/forms.server.ts'
import { requireUser } from '#app/server/guards.server.ts'
import type { Platform } from '#modules/content/platforms.ts'
import { permanentRefusal } from '#modules/publishing/index.ts'
import { leftOutNotice } from '#app/components/accounts/left-out.ts'
import '#locales/ns/accounts.ts'
import '#locales/ns/posts.ts'

export async function loader({ request, context }: Route.LoaderArgs): Promise<AccountsData & { title: string }> {
	const user = requireUser(context, request)
	const { publishing } = context.get(servicesContext)
	const [connections, usage] = await Promise.all([publishing.listConnections(user.id), publishing.channelUsage(user.id)])
	return {
		title: getInstance(context).t('accounts:meta.title'),
		connections,
		usage,
		sandboxPlatforms: publishing.sandboxPlatforms(),
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** `isPlatform`: the registry's check (publishing.platforms.has); an unknown platform is invalid input. */
const actionSchema = (isPlatform: (value: string) => boolean) => {
	const platform = z.string().max(30).refine(isPlatform)
	return z.discriminatedUnion('intent', [
		// `server`: the instance an 'instance-oauth' network connects on (the adapter checks it).
		z.object({ intent: z.literal('connect'), platform, server: z.string().trim().max(300).optional() }),
		z.object({ intent: z.literal('sign-in'), platform, identifier: z.string().trim().min(1).max(300), password: z.string().trim().min(1).max(200) }),
		// One account (social_tokens row) of the user; another user's id is "not found".
		z.object({ intent: z.literal('disconnect'), accountId: z.uuid() }),
		z.object({ intent: z.literal('reconnect'), accountId: z.uuid() }),
		z.object({ intent: z.literal('set-default'), pageId: z.uuid() }),
		z.object({ intent: z.literal('refresh-followers') }),
	])
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = requireUser(context, request)
	const { publishing } = context.get(servicesContext)
	const i18n = getInstance(context)
	const t = i18n.getFixedT('de', 'accounts')
	const platformName = (platform: Platform) => publishing.platforms.get(platform)?.name ?? platform
	const { submission } = await parseForm(request, actionSchema(publishing.platforms.has))

	/** The German reason for a refused connection (locales/de/accounts.json connect.errors), else the generic one. */
	function connectError(code: string, platform: Platform) {
		const name = platformName(platform)
		if (code === 'not_configured') return t('connect.notConfigured', { platform: name })
		const key = `connect.errors.${code}` as 'connect.errors.sign_in_failed'
		return t(key, { platform: name, defaultValue: '' }) || t('connect.startFailed', { platform: name })
	}

	// The toast travels in the answer, not in the flash cookie: the live reload that the same change
	// triggers would read the cookie a second time and show the toast twice.
	function reply(ok: boolean, toast: ActionToast, status = 200) {
		return data<ToastReply>({ ok, toast }, { status })
	}

	if (submission.status !== 'success') {
		const intent = submission.payload.intent
		if (intent === 'connect' || intent === 'reconnect') return data<ConnectReply>({ ok: false, message: t('toasts.invalid') }, { status: 400 })
		if (intent === 'sign-in') return data<SignInReply>({ ok: false, message: t('connect.errors.missingFields') }, { status: 400 })
		const description = intent === 'set-default' ? t('toasts.defaultFailed') : t('toasts.invalid')
		return reply(false, { type: 'error', title: t('toasts.errorTitle'), description }, 400)
	}
	const input = submission.value

	if (input.intent === 'connect' || input.intent === 'reconnect') {
		// The dialog shows the failure itself (and closes the popup it opened).
		const platform = input.intent === 'connect' ? input.platform : null
		try {
			const started = input.intent === 'connect' ? await publishing.startConnect(user.id, input.platform, { server: input.server }) : await publishing.startReconnect(user.id, input.accountId)
			if (!started) return data<ConnectReply>({ ok: false, message: t('toasts.accountMissing') }, { status: 404 })
			return data<ConnectReply>({ ok: true, url: started.url })
		} catch (error) {
			// A platform this installation cannot connect (no keys in production), or a server the
			// adapter refused (not a host, private, not this network), is a refusal, not an outage.
			const refusal = permanentRefusal(error)
			const name = platform ? platformName(platform) : t('card.network')
			if (refusal && platform) return data<ConnectReply>({ ok: false, message: connectError(refusal, platform) }, { status: refusal === 'not_configured' ? 409 : 422 })
			if (!refusal) console.error('accounts: starting the connect flow failed', error)
			return data<ConnectReply>({ ok: false, message: t('connect.startFailed', { platform: name }) }, { status: refusal ? 422 : 502 })
		}
	}

	if (input.intent === 'sign-in') {
		const outcome = await publishing.signIn(user.id, input.platform, { identifier: input.identifier, password: input.password }).catch((error: unknown) => {
			console.error('accounts: sign-in failed', error)
			return { ok: false as const, error: 'sign_in_failed' }
		})
		if (outcome.ok) return data<SignInReply>({ ok: true, notice: leftOutNotice(t, outcome.leftOut, outcome.limit) })
		if (outcome.error === 'channel_limit' && 'limit' in outcome) return data<SignInReply>({ ok: false, message: t('connect.errors.channel_limit', { count: outcome.limit }) }, { status: 422 })
		return data<SignInReply>({ ok: false, message: connectError(outcome.error, input.platform) }, { status: outcome.error === 'too_many_attempts' ? 429 : 422 })
	}

	if (input.intent === 'disconnect') {
		const removed = await publishing.disconnect(user.id, input.accountId).catch(logged('disconnect', null))
		if (!removed) return reply(false, { type: 'error', title: t('toasts.errorTitle'), description: t('toasts.accountMissing') }, 404)
		return reply(true, { type: 'success', title: t('toasts.accountDisconnected', { platform: platformName(removed.platform), name: removed.accountName }) })
	}

	if (input.intent === 'set-default') {
		const done = await publishing.setDefaultPage(user.id, input.pageId).catch(logged('set-default', false))
		if (!done) return reply(false, { type: 'error', title: t('toasts.errorTitle'), description: t('toasts.defaultFailed') }, 404)
		return reply(true, { type: 'success', title: t('toasts.defaultSet') })
	}

	const result = await publishing.refreshFollowers(user.id).catch(logged('refresh-followers', null))
	if (!result || result.failures > 0) return reply(false, { type: 'error', title: t('toasts.errorTitle'), description: t('toasts.followersFailed') }, 502)
	return reply(true, { type: 'success', title: t('toasts.followersUpdated') })
}

// A failed write is answered with the spec's toast; the cause goes to the server log.
function logged<T>(what: string, fallback: T) {
	return (error: unknown) => {
		console.error(`accounts: ${what} failed`, error)
		return fallback
	}
}

export default function AccountsRoute({ loaderData }: Route.ComponentProps) {
	return <AccountsPage connections={loaderData.connections} usage={loaderData.usage} sandboxPlatforms={loaderData.sandboxPlatforms} />
}

export function ErrorBoundary() {
	const { t } = useTranslation('accounts')
	return <LoadError title={t('toasts.errorTitle')} text={t('toasts.loadFailed')} />
}
