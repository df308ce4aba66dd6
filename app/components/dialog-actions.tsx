import { Button, Dialog, Flex } from '@radix-ui/themes'

/** A form dialog's buttons: cancel (closes the dialog) and submit (busy while saving). */
export function DialogActions({ cancel, submit, busy }: { cancel: string; submit: string; busy: boolean }) {
	return (
		<Flex gap="3" justify="end" mt="2">
			<Dialog.Close>
				<Button type="button" variant="soft" color="gray">
					{cancel}
				</Button>
			</Dialog.Close>
			<Button type="submit" loading={busy}>
				{submit}
			</Button>
		</Flex>
	)
}
