import { AlertDialog, Button } from '@radix-ui/themes'
import { Flex } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/agents.ts'

/** 'Ungespeicherte Änderungen verwerfen?': asked before another agent card replaces unsaved edits. */
export function DiscardChangesDialog({ agentName, open, onCancel, onConfirm }: { agentName: string; open: boolean; onCancel: () => void; onConfirm: () => void }) {
	const { t } = useTranslation('agents')
	if (!open) return null
	return (
		<AlertDialog.Root open onOpenChange={(next) => (next ? null : onCancel())}>
			<AlertDialog.Content maxWidth="440px">
				<AlertDialog.Title>{t('presets.discardTitle')}</AlertDialog.Title>
				<AlertDialog.Description size="2">{t('presets.discardText', { name: agentName })}</AlertDialog.Description>
				<Flex gap="3" mt="4" justify="end" wrap="wrap">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray">
							{t('presets.keepEditing')}
						</Button>
					</AlertDialog.Cancel>
					<AlertDialog.Action>
						<Button color="red" onClick={onConfirm}>
							{t('presets.discardConfirm')}
						</Button>
					</AlertDialog.Action>
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	)
}
