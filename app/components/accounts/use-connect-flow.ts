import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher, useRevalidator } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import type { Platform } from '#modules/content/platforms.ts'
import { openOAuthPopup, watchOAuth } from './oauth-popup.ts'
import { isActive, type AccountsData, type ConnectReply } from './types.ts'
import { useNextFetcherData } from './use-next-fetcher-data.ts'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import '#locales/ns/accounts.ts'
import '#locales/ns/posts.ts'

export type ConnectPhase = { name: 'instructions'; error: string | null } | { name: 'connecting' } | { name: 'success' }

type Attempt = { popup: Window | null; stop: () => void; pending: boolean }

// Spec: after the oauth_success message wait 1 s, then reload the connections and show success.
const SUCCESS_DELAY_MS = 1000

/**
 * The social connect flow of one platform (spec section 4): the authorization URL from the action,
 * the popup, its result message, the closed-popup check and the timeout; the full page when the
 * popup was blocked.
 */
export function useConnectFlow(platform: Platform, initial: 'instructions' | 'success', accountId?: string) {
	const { t } = useTranslation('accounts')
	const platformName = usePlatformName()
	const name = platformName(platform)
	const revalidator = useRevalidator()
	const connectFetcher = useFetcher<ConnectReply>()
	const checkFetcher = useFetcher<AccountsData>()
	const nextConnectReply = useNextFetcherData(connectFetcher.data)
	const nextCheck = useNextFetcherData(checkFetcher.data)
	const [phase, setPhase] = useState<ConnectPhase>(initial === 'success' ? { name: 'success' } : { name: 'instructions', error: null })
	const attemptRef = useRef<Attempt | null>(null)

	useEffect(
		() => () => {
			const attempt = attemptRef.current
			attemptRef.current = null
			attempt?.stop()
			if (attempt?.pending) attempt.popup?.close()
		},
		[],
	)

	function succeed(attempt: Attempt, notice?: string) {
		attempt.stop()
		attempt.pending = false
		setPhase({ name: 'success' })
		toast.success(t('toasts.successTitle'), { description: t('toasts.connected', { platform: name }) })
		if (notice) toast.warning(t('connect.partlyTitle'), { description: notice })
	}

	function fail(attempt: Attempt, message: string) {
		attempt.pending = false
		setPhase({ name: 'instructions', error: message })
		toast.error(t('connect.failed'), { description: message })
	}

	/** `server`: the instance the user named (connect kind 'instance-oauth'). */
	async function start(server?: string) {
		attemptRef.current?.stop()
		const attempt: Attempt = { popup: openOAuthPopup(platform), stop: () => {}, pending: true }
		attemptRef.current = attempt
		const current = () => attemptRef.current === attempt
		setPhase({ name: 'connecting' })

		const reply = nextConnectReply()
		// 'Verbindung erneuern' names the account: the server knows its network and instance.
		const form: Record<string, string> = accountId ? { intent: 'reconnect', accountId } : server === undefined ? { intent: 'connect', platform } : { intent: 'connect', platform, server }
		void connectFetcher.submit(form, { method: 'post', action: '/accounts' })
		const data = await reply
		if (!current()) return
		const { popup } = attempt
		if (!data?.ok) {
			popup?.close()
			return fail(attempt, data?.message ?? t('connect.startFailed', { platform: name }))
		}
		// Blocked popup: the same flow in this window; the callback comes back with ?connected=.
		if (!popup) return window.location.assign(data.url)
		if (popup.closed) return fail(attempt, t('connect.closed'))
		popup.location.href = data.url

		attempt.stop = watchOAuth(platform, popup, {
			onResult(result) {
				if (!current()) return
				if (result.type === 'oauth_error') return fail(attempt, result.message || t('connect.failed'))
				attempt.pending = false
				window.setTimeout(async () => {
					await revalidator.revalidate()
					if (current()) succeed(attempt, result.notice)
				}, SUCCESS_DELAY_MS)
			},
			async onClosed() {
				const check = nextCheck()
				void checkFetcher.load('/accounts')
				const fresh = await check
				if (!current()) return
				if (isActive(fresh, platform, accountId)) succeed(attempt)
				else fail(attempt, t('connect.closed'))
			},
			onTimeout() {
				if (current()) fail(attempt, t('connect.timeout'))
			},
		})
	}

	/** 'Abbrechen' while connecting: stop waiting and close the popup. */
	function cancel() {
		const attempt = attemptRef.current
		attemptRef.current = null
		attempt?.stop()
		attempt?.popup?.close()
		setPhase({ name: 'instructions', error: null })
	}

	/** Connected without a popup (a handle and app password): the success state. */
	function succeeded() {
		setPhase({ name: 'success' })
	}

	return { phase, start, cancel, succeeded }
}
