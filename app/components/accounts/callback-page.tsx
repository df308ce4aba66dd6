import { Button, Spinner } from '@radix-ui/themes'
import { Card, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { AlertTriangle, CheckCircle2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link, useNavigate } from 'react-router'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import type { Platform } from '#modules/content/platforms.ts'
import { deliverOAuthResult, sameOriginOpener } from './oauth-callback.ts'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import '#locales/ns/accounts.ts'
import '#locales/ns/posts.ts'

export type CallbackResult = { platform: Platform; ok: true; notice?: string } | { platform: Platform; ok: false; message: string }

/**
 * The OAuth callback as a page of its own: hands the result to the accounts page that opened the
 * popup and closes; opened as a full page it goes on to /accounts?connected=<platform> (or shows the error).
 */
export function CallbackPage({ result }: { result: CallbackResult }) {
	const { t } = useTranslation('accounts')
	const platformName = usePlatformName()
	const navigate = useNavigate()
	const [unclaimed, setUnclaimed] = useState<'popup' | 'page' | null>(null)
	const { platform, ok } = result
	const message = result.ok ? '' : result.message
	const notice = result.ok ? result.notice : undefined
	const name = platformName(platform)

	useEffect(() => {
		const sent = ok ? ({ type: 'oauth_success', platform, ...(notice ? { notice } : {}) } as const) : ({ type: 'oauth_error', platform, message } as const)
		return deliverOAuthResult(sent, () => {
			const popup = sameOriginOpener() !== null
			if (ok && !popup) void navigate(`/accounts?connected=${platform}`, { replace: true })
			else setUnclaimed(popup ? 'popup' : 'page')
		})
	}, [ok, platform, message, notice, navigate])

	return (
		<Flex justify="center" align="center" p="5" style={{ minHeight: '100vh' }}>
			<Card size="4" style={{ maxWidth: 440, width: '100%' }}>
				<Flex direction="column" align="center" gap="3" role="status">
					<PlatformMark platform={platform} size={36} />
					{ok ? (
						<>
							<CheckCircle2 size={40} color="var(--green-9)" aria-hidden />
							<Heading as="h1" size="4" align="center">
								{t('connect.success', { platform: name })}
							</Heading>
							{notice ? <Text align="center">{notice}</Text> : null}
							{unclaimed ? null : <ClosingHint text={t('callback.closing')} />}
						</>
					) : (
						<>
							<AlertTriangle size={40} color="var(--red-9)" aria-hidden />
							<Heading as="h1" size="4" align="center">
								{t('connect.failed')}
							</Heading>
							<Text align="center">{message}</Text>
						</>
					)}
					{unclaimed || !ok ? (
						<Flex gap="2" wrap="wrap" justify="center">
							{unclaimed === 'popup' ? (
								<Button variant="soft" color="gray" onClick={() => window.close()}>
									{t('callback.close')}
								</Button>
							) : null}
							<Button asChild>
								<Link to={ok ? `/accounts?connected=${platform}` : '/accounts'} replace>
									{t('callback.back')}
								</Link>
							</Button>
						</Flex>
					) : null}
				</Flex>
			</Card>
		</Flex>
	)
}

function ClosingHint({ text }: { text: string }) {
	return (
		<Flex align="center" gap="2">
			<Spinner size="1" />
			<Text size="2" color="gray">
				{text}
			</Text>
		</Flex>
	)
}
