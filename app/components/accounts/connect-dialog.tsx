import { Button, Dialog, Spinner } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { CheckCircle2 } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import type { Platform } from '#modules/content/platforms.ts'
import { ConnectSteps } from './connect-steps.tsx'
import { SignInForm } from './sign-in-form.tsx'
import { useConnectFlow } from './use-connect-flow.ts'
import { usePlatform, usePlatformName } from '#app/utils/use-platforms.ts'
import '#locales/ns/accounts.ts'
import '#locales/ns/posts.ts'

// Spec section 9: the connect dialog's success state closes after 2 s.
const SUCCESS_CLOSE_MS = 2000

/** `accountId`: 'Verbindung erneuern' of that account (its instance is known: no server field). */
export type ConnectTarget = { platform: Platform; initial: 'instructions' | 'success'; accountId?: string }

/** The platform connect dialog: the first step of the platform's connect kind, connecting, success; back to the first step on failure. */
export function ConnectDialog({ target, sandbox, onClose }: { target: ConnectTarget; sandbox: boolean; onClose: () => void }) {
	const { t } = useTranslation('accounts')
	const platformName = usePlatformName()
	const { platform } = target
	const name = platformName(platform)
	const connectKind = usePlatform(platform)?.connect ?? 'oauth-popup'
	const kind = target.accountId && connectKind === 'instance-oauth' ? 'oauth-popup' : connectKind
	const { phase, start, cancel, succeeded } = useConnectFlow(platform, target.initial, target.accountId)

	useEffect(() => {
		if (phase.name !== 'success') return
		const timer = window.setTimeout(onClose, SUCCESS_CLOSE_MS)
		return () => window.clearTimeout(timer)
	}, [phase.name, onClose])

	function close() {
		if (phase.name === 'connecting') cancel()
		onClose()
	}

	return (
		<Dialog.Root open onOpenChange={(open) => (open ? null : close())}>
			<Dialog.Content maxWidth="460px" data-testid="connect-dialog" data-phase={phase.name}>
				<Flex align="center" gap="2" mb="3">
					<PlatformMark platform={platform} size={26} />
					<Dialog.Title mb="0">{t('connect.title', { platform: name })}</Dialog.Title>
				</Flex>
				{phase.name === 'success' ? (
					<Success name={name} />
				) : phase.name === 'connecting' ? (
					<Connecting name={name} onCancel={cancel} />
				) : kind === 'handle-app-password' ? (
					<SignInForm platform={platform} name={name} sandbox={sandbox} onConnected={succeeded} onCancel={close} />
				) : (
					<ConnectSteps name={name} kind={kind} sandbox={sandbox} error={phase.error} onStart={(server) => void start(server)} onCancel={close} />
				)}
			</Dialog.Content>
		</Dialog.Root>
	)
}

function Connecting({ name, onCancel }: { name: string; onCancel: () => void }) {
	const { t } = useTranslation('accounts')
	return (
		<Flex direction="column" align="center" gap="3" py="4" role="status">
			<Spinner size="3" />
			<Text weight="medium">{t('connect.connecting')}</Text>
			<Dialog.Description size="2" color="gray" align="center">
				{t('connect.connectingHint', { platform: name })}
			</Dialog.Description>
			<Button variant="soft" color="gray" onClick={onCancel}>
				{t('connect.cancel')}
			</Button>
		</Flex>
	)
}

function Success({ name }: { name: string }) {
	const { t } = useTranslation('accounts')
	return (
		<Flex direction="column" align="center" gap="3" py="4" role="status">
			<CheckCircle2 size={44} color="var(--green-9)" aria-hidden />
			<Dialog.Description size="3" weight="medium" align="center">
				{t('connect.success', { platform: name })}
			</Dialog.Description>
		</Flex>
	)
}
