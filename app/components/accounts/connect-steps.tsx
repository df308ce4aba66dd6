import { Button, Callout, Dialog, TextField } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { AlertTriangle, FlaskConical } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { ConnectKind } from '#modules/publishing/descriptor.ts'
import '#locales/ns/accounts.ts'

// The connect dialog's first step per connect kind (the platform's descriptor names it): the
// consent popup, an instance first and then the popup, or a handle and an app password.

type StepsProps = { name: string; kind: ConnectKind; sandbox: boolean; error: string | null; onStart: (server?: string) => void; onCancel: () => void }

export function ConnectSteps({ name, kind, sandbox, error, onStart, onCancel }: StepsProps) {
	const { t } = useTranslation('accounts')
	const [server, setServer] = useState('')
	const serverId = useId()
	const instance = kind === 'instance-oauth'

	function submit(event: FormEvent) {
		event.preventDefault()
		onStart(instance ? server : undefined)
	}

	return (
		<form onSubmit={submit}>
			<Flex direction="column" gap="3">
				<ConnectError message={error} />
				<Dialog.Description size="2">{t('connect.intro')}</Dialog.Description>
				<ol style={{ margin: 0, paddingLeft: '1.25rem', display: 'grid', gap: 6 }}>
					{instance ? (
						<li>
							<Text size="2">{t('connect.instance.steps.server', { platform: name })}</Text>
						</li>
					) : null}
					<li>
						<Text size="2">{instance ? t('connect.instance.steps.window') : t('connect.steps.window', { platform: name })}</Text>
					</li>
					<li>
						<Text size="2">{t('connect.steps.consent')}</Text>
					</li>
					<li>
						<Text size="2">{t('connect.steps.done')}</Text>
					</li>
				</ol>
				{instance ? (
					<Flex direction="column" gap="1">
						<Text as="label" size="2" weight="medium" htmlFor={serverId}>
							{t('connect.instance.label')}
						</Text>
						<TextField.Root
							id={serverId}
							name="server"
							value={server}
							onChange={(event) => setServer(event.target.value)}
							placeholder={t('connect.instance.placeholder')}
							autoComplete="url"
							autoCapitalize="none"
							spellCheck={false}
							inputMode="url"
							maxLength={300}
							required
						/>
						<Text size="1" color="gray">
							{t('connect.instance.hint')}
						</Text>
					</Flex>
				) : null}
				<Privacy sandbox={sandbox} />
				<Flex gap="3" mt="2" justify="end" wrap="wrap">
					<Button type="button" variant="soft" color="gray" onClick={onCancel}>
						{t('connect.cancel')}
					</Button>
					<Button type="submit" disabled={instance && !server.trim()}>
						{t('connect.start', { platform: name })}
					</Button>
				</Flex>
			</Flex>
		</form>
	)
}

export function ConnectError({ message }: { message: string | null }) {
	const { t } = useTranslation('accounts')
	if (!message) return null
	return (
		<Callout.Root color="red" role="alert" size="1">
			<Callout.Icon>
				<AlertTriangle size={16} />
			</Callout.Icon>
			<Callout.Text>
				<strong>{t('connect.failed')}</strong> {message}
			</Callout.Text>
		</Callout.Root>
	)
}

export function Privacy({ sandbox }: { sandbox: boolean }) {
	const { t } = useTranslation('accounts')
	return (
		<>
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
		</>
	)
}
