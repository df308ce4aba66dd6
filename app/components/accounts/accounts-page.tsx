import { Button, Callout, Link as RadixLink } from '@radix-ui/themes'
import { Flex, Grid, Text } from '#app/components/ui/lean.tsx'
import { FlaskConical, RefreshCw } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { useSearchParams } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import { ConnectDialog, type ConnectTarget } from './connect-dialog.tsx'
import { PlatformCard } from './platform-card.tsx'
import type { AccountsData } from './types.ts'
import { isFull, UsageNote } from './usage-note.tsx'
import type { Platform } from '#modules/content/platforms.ts'
import { useToastAction } from './use-toast-action.ts'
import { useIsPlatform, usePlatformName, usePlatforms } from '#app/utils/use-platforms.ts'
import '#locales/ns/accounts.ts'
import '#locales/ns/posts.ts'

/** 'Konten verwalten': one card per network with the user's accounts and their channels, the plan's channel count, and the connect dialog. */
export function AccountsPage({ connections, usage, sandboxPlatforms }: AccountsData) {
	const { t } = useTranslation('accounts')
	const platformName = usePlatformName()
	const isPlatform = useIsPlatform()
	// One card per registered platform, in the registry's order.
	const order = usePlatforms().map((p) => p.id)
	const refresher = useToastAction()
	const [searchParams, setSearchParams] = useSearchParams()
	const returned = searchParams.get('connected')
	const [target, setTarget] = useState<ConnectTarget | null>(() => (isPlatform(returned) ? { platform: returned, initial: 'success' } : null))
	const [seenReturn, setSeenReturn] = useState(returned)

	// Back from the full-page flow with ?connected=<platform>: show the success state.
	if (returned !== seenReturn) {
		setSeenReturn(returned)
		if (isPlatform(returned)) setTarget({ platform: returned, initial: 'success' })
	}

	useEffect(() => {
		if (!isPlatform(returned)) return
		toast.success(t('toasts.successTitle'), { id: `connected-${returned}`, description: t('toasts.connected', { platform: platformName(returned) }) })
		// Removing the parameter is a navigation, so the connections are loaded again as well.
		setSearchParams(
			(params) => {
				params.delete('connected')
				return params
			},
			{ replace: true, preventScrollReset: true },
		)
	}, [returned, setSearchParams, t, platformName, isPlatform])

	const closeDialog = useCallback(() => setTarget(null), [])
	const accountsOf = (platform: Platform) => connections.filter((c) => c.platform === platform)
	const full = isFull(usage)
	const sandboxNames = order.filter((p) => sandboxPlatforms.includes(p)).map((p) => platformName(p))

	return (
		<Flex direction="column" gap="4">
			<PageHeader title={t('title')} subtitle={t('subtitle')}>
				{connections.length > 0 ? (
					<Button variant="soft" loading={refresher.fetcher.state !== 'idle'} onClick={() => void refresher.submit({ intent: 'refresh-followers' })}>
						<RefreshCw size={16} /> {t('refreshFollowers')}
					</Button>
				) : null}
			</PageHeader>

			{sandboxNames.length > 0 ? (
				<Callout.Root color="amber" data-testid="sandbox-note">
					<Callout.Icon>
						<FlaskConical size={16} />
					</Callout.Icon>
					<Callout.Text>
						<strong>{t('sandbox.title')}</strong>
						<br />
						{t('sandbox.text', { platforms: sandboxNames.join(', ') })}{' '}
						<RadixLink href="/sandbox" target="_blank" rel="noopener">
							{t('sandbox.link')}
						</RadixLink>
					</Callout.Text>
				</Callout.Root>
			) : null}

			{connections.length === 0 ? <Text color="gray">{t('empty')}</Text> : null}
			<UsageNote usage={usage} />

			<Grid columns={{ initial: '1', md: '2' }} gap="4" align="start">
				{order.map((platform) => (
					<PlatformCard
						key={platform}
						platform={platform}
						connections={accountsOf(platform)}
						sandbox={sandboxPlatforms.includes(platform)}
						full={full}
						onConnect={(p) => setTarget({ platform: p, initial: 'instructions' })}
						onReconnect={(account) => setTarget({ platform: account.platform, initial: 'instructions', accountId: account.id })}
					/>
				))}
			</Grid>

			{target ? (
				<ConnectDialog key={`${target.platform}-${target.initial}-${target.accountId ?? ''}`} target={target} sandbox={sandboxPlatforms.includes(target.platform)} onClose={closeDialog} />
			) : null}
		</Flex>
	)
}
