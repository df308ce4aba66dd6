import { AlertDialog, Button, TextField } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { Database, Download, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { FieldError, SettingsSection, useSettingsFetcher } from './section.tsx'
import '#locales/ns/settings.ts'

/** 'Daten': the JSON export and the account deletion (confirmed by typing the account's e-mail). */
export function DataSection({ email }: { email: string }) {
	const { t } = useTranslation('settings')
	const { fetcher, errors, busy } = useSettingsFetcher('delete-account')
	const [typed, setTyped] = useState('')
	const matches = typed.trim().toLowerCase() === email.toLowerCase()

	return (
		<SettingsSection id="data" icon={<Database size={20} />} title={t('data.title')} description={t('data.description')}>
			<Flex direction="column" gap="2" align="start">
				<Button asChild variant="soft">
					<a href="/settings/export" download>
						<Download size={16} /> {t('data.export')}
					</a>
				</Button>
				<Text size="1" color="gray">
					{t('data.exportHint')}
				</Text>
			</Flex>
			<Flex direction="column" gap="2" align="start">
				<AlertDialog.Root onOpenChange={(open) => (open ? null : setTyped(''))}>
					<AlertDialog.Trigger>
						<Button color="red" variant="soft">
							<Trash2 size={16} /> {t('data.delete')}
						</Button>
					</AlertDialog.Trigger>
					<AlertDialog.Content maxWidth="480px">
						<AlertDialog.Title>{t('data.deleteTitle')}</AlertDialog.Title>
						<AlertDialog.Description size="2">{t('data.deleteText', { email })}</AlertDialog.Description>
						<fetcher.Form method="post" noValidate>
							<input type="hidden" name="intent" value="delete-account" />
							<Flex direction="column" gap="1" mt="3">
								<Text as="label" htmlFor="settings-confirm-email" size="2" weight="medium">
									{t('data.confirmEmail')}
								</Text>
								<TextField.Root id="settings-confirm-email" name="confirmEmail" type="email" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
								<FieldError id="settings-confirm-email-error" error={errors.confirmEmail} />
							</Flex>
							<Flex gap="3" mt="4" justify="end">
								<AlertDialog.Cancel>
									<Button type="button" variant="soft" color="gray">
										{t('data.cancel')}
									</Button>
								</AlertDialog.Cancel>
								<Button type="submit" color="red" disabled={!matches} loading={busy}>
									{t('data.confirmDelete')}
								</Button>
							</Flex>
						</fetcher.Form>
					</AlertDialog.Content>
				</AlertDialog.Root>
				<Text size="1" color="gray">
					{t('data.deleteHint')}
				</Text>
			</Flex>
		</SettingsSection>
	)
}
