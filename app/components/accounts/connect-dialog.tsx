import { Button, Callout, Dialog, Spinner } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { AlertTriangle, CheckCircle2, FlaskConical } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import type { Platform } from '#modules/content/platforms.ts'
import { useConnectFlow, type ConnectPhase } from './use-connect-flow.ts'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import '#locales/ns/accounts.ts'
import '#locales/ns/posts.ts'

// Spec section 9: the connect dialog's success state closes after 2 s.
const SUCCESS_CLOSE_MS = 2000

export type ConnectTarget = { platform: Platform; initial: 'instructions' | 'success' }

/** The platform connect dialog: instructions, connecting, success; back to instructions on failure. */
export function ConnectDialog({ target, sandbox, onClose }: { target: ConnectTarget; sandbox: boolean; onClose: () => void }) {
	const { t } = useTranslation('accounts')
	const platformName = usePlatformName()
	const { platform } = target
	const name = platformName(platform)
	const { phase, start, cancel } = useConnectFlow(platform, target.initial)

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
				) : (
					<Instructions name={name} sandbox={sandbox} phase={phase} onStart={() => void start()} onCancel={close} />
				)}
			</Dialog.Content>
		</Dialog.Root>
	)
}

function Instructions({ name, sandbox, phase, onStart, onCancel }: { name: string; sandbox: boolean; phase: Extract<ConnectPhase, { name: 'instructions' }>; onStart: () => void; onCancel: () => void }) {
	const { t } = useTranslation('accounts')
	return (
		<Flex direction="column" gap="3">
			{phase.error ? (
				<Callout.Root color="red" role="alert" size="1">
					<Callout.Icon>
						<AlertTriangle size={16} />
					</Callout.Icon>
					<Callout.Text>
						<strong>{t('connect.failed')}</strong> {phase.error}
					</Callout.Text>
				</Callout.Root>
			) : null}
			<Dialog.Description size="2">{t('connect.intro')}</Dialog.Description>
			<ol style={{ margin: 0, paddingLeft: '1.25rem', display: 'grid', gap: 6 }}>
				<li>
					<Text size="2">{t('connect.steps.window', { platform: name })}</Text>
				</li>
				<li>
					<Text size="2">{t('connect.steps.consent')}</Text>
				</li>
				<li>
					<Text size="2">{t('connect.steps.done')}</Text>
				</li>
			</ol>
			<Text size="2" color="gray">
				{t('connect.privacy')}
			</Text>
			{sandbox ? (
				<Callout.Root color="amber" size="1">
					<Callout.Icon>
						<FlaskConical size={16} />
					</Callout.Icon>
					<Callout.Text>{t('connect.sandbox')}</Callout.Text>
				</Callout.Root>
			) : null}
			<Flex gap="3" mt="2" justify="end">
				<Button variant="soft" color="gray" onClick={onCancel}>
					{t('connect.cancel')}
				</Button>
				<Button onClick={onStart}>{t('connect.start', { platform: name })}</Button>
			</Flex>
		</Flex>
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
