import { AlertDialog, Button } from '@radix-ui/themes'
import { Flex } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/accounts.ts'

/** 'Trennen' asks first: the account's stored tokens and its channels go; the user's other accounts stay. */
export function DisconnectDialog({ name, accountName, channels, onCancel, onConfirm }: { name: string; accountName: string; channels: number; onCancel: () => void; onConfirm: () => void }) {
	const { t } = useTranslation('accounts')
	return (
		<AlertDialog.Root open onOpenChange={(open) => (open ? null : onCancel())}>
			<AlertDialog.Content maxWidth="440px">
				<AlertDialog.Title>{t('disconnectDialog.title', { platform: name })}</AlertDialog.Title>
				<AlertDialog.Description size="2">{t('disconnectDialog.accountText', { platform: name, name: accountName, count: channels })}</AlertDialog.Description>
				<Flex gap="3" mt="4" justify="end">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray">
							{t('disconnectDialog.cancel')}
						</Button>
					</AlertDialog.Cancel>
					<AlertDialog.Action>
						<Button color="red" onClick={onConfirm}>
							{t('disconnectDialog.confirm')}
						</Button>
					</AlertDialog.Action>
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	)
}
