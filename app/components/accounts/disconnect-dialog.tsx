import { AlertDialog, Button } from '@radix-ui/themes'
import { Flex } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/accounts.ts'

/** 'Trennen' asks first: the stored tokens and pages go away with the connection. */
export function DisconnectDialog({ name, accountName, onCancel, onConfirm }: { name: string; accountName: string; onCancel: () => void; onConfirm: () => void }) {
	const { t } = useTranslation('accounts')
	return (
		<AlertDialog.Root open onOpenChange={(open) => (open ? null : onCancel())}>
			<AlertDialog.Content maxWidth="440px">
				<AlertDialog.Title>{t('disconnectDialog.title', { platform: name })}</AlertDialog.Title>
				<AlertDialog.Description size="2">{t('disconnectDialog.text', { platform: name, name: accountName })}</AlertDialog.Description>
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
