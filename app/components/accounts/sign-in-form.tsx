import { Button, Dialog, TextField } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { useEffect, useId } from 'react'
import { useFetcher, useRevalidator } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { toast } from '#app/components/toast.tsx'
import type { Platform } from '#modules/core/platform-id.ts'
import { ConnectError, Privacy } from './connect-steps.tsx'
import type { SignInReply } from './types.ts'
import '#locales/ns/accounts.ts'

/** Connect kind 'handle-app-password': the handle and an app password, checked by the network right away (no popup). */
export function SignInForm({ platform, name, sandbox, onConnected, onCancel }: { platform: Platform; name: string; sandbox: boolean; onConnected: () => void; onCancel: () => void }) {
	const { t } = useTranslation('accounts')
	const fetcher = useFetcher<SignInReply>()
	const revalidator = useRevalidator()
	const handleId = useId()
	const passwordId = useId()
	const reply = fetcher.state === 'idle' ? fetcher.data : undefined
	const connected = reply?.ok === true

	useEffect(() => {
		if (!connected) return
		toast.success(t('toasts.successTitle'), { description: t('toasts.connected', { platform: name }) })
		if (reply?.ok && reply.notice) toast.warning(t('connect.partlyTitle'), { description: reply.notice })
		void revalidator.revalidate()
		onConnected()
		// eslint-disable-next-line react-hooks/exhaustive-deps -- once per successful answer
	}, [connected])

	return (
		<fetcher.Form method="post" action="/accounts">
			<input type="hidden" name="intent" value="sign-in" />
			<input type="hidden" name="platform" value={platform} />
			<Flex direction="column" gap="3">
				<ConnectError message={reply && !reply.ok ? reply.message : null} />
				<Dialog.Description size="2">{t('connect.handle.intro')}</Dialog.Description>
				<Flex direction="column" gap="1">
					<Text as="label" size="2" weight="medium" htmlFor={handleId}>
						{t('connect.handle.handleLabel')}
					</Text>
					<TextField.Root id={handleId} name="identifier" placeholder={t('connect.handle.handlePlaceholder')} autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={300} required />
				</Flex>
				<Flex direction="column" gap="1">
					<Text as="label" size="2" weight="medium" htmlFor={passwordId}>
						{t('connect.handle.passwordLabel')}
					</Text>
					<TextField.Root id={passwordId} name="password" type="password" placeholder={t('connect.handle.passwordPlaceholder')} autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={200} required />
					<Text size="1" color="gray">
						{t('connect.handle.hint', { platform: name })}
					</Text>
				</Flex>
				<Privacy sandbox={sandbox} />
				<Flex gap="3" mt="2" justify="end" wrap="wrap">
					<Button type="button" variant="soft" color="gray" onClick={onCancel}>
						{t('connect.cancel')}
					</Button>
					<Button type="submit" loading={fetcher.state !== 'idle'}>
						{t('connect.handle.submit')}
					</Button>
				</Flex>
			</Flex>
		</fetcher.Form>
	)
}
