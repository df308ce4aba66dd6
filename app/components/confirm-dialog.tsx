import { AlertDialog, Button } from '@radix-ui/themes'
import { Flex } from '#app/components/ui/lean.tsx'

/** A destructive action asks first: title, text, the cancel button and the red confirm button. */
export function ConfirmDialog({
	open,
	title,
	text,
	confirmLabel,
	cancelLabel,
	onConfirm,
	onCancel,
}: {
	open: boolean
	title: string
	text: string
	confirmLabel: string
	cancelLabel: string
	onConfirm: () => void
	onCancel: () => void
}) {
	return (
		<AlertDialog.Root open={open} onOpenChange={(next) => (next ? null : onCancel())}>
			<AlertDialog.Content maxWidth="460px">
				<AlertDialog.Title>{title}</AlertDialog.Title>
				<AlertDialog.Description size="2">{text}</AlertDialog.Description>
				<Flex gap="3" mt="4" justify="end">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray">
							{cancelLabel}
						</Button>
					</AlertDialog.Cancel>
					<AlertDialog.Action>
						<Button color="red" onClick={onConfirm}>
							{confirmLabel}
						</Button>
					</AlertDialog.Action>
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	)
}
