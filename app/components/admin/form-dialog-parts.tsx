import type { FieldMetadata } from '@conform-to/react'
import { Button, Checkbox, Dialog } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'

/** The 'Aktiv' checkbox of an admin form dialog (conform field, posted as 'on'). */
export function ActiveCheckbox({ field, label }: { field: FieldMetadata<boolean | undefined>; label: string }) {
	return (
		<Text as="label" size="2">
			<Flex gap="2" align="center">
				<Checkbox name={field.name} defaultChecked={field.initialValue === 'on'} value="on" />
				{label}
			</Flex>
		</Text>
	)
}

/** An admin form dialog's buttons: cancel (closes) and submit (busy while the fetcher works). */
export function DialogFormActions({ cancel, submit, busy }: { cancel: string; submit: string; busy: boolean }) {
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

/** A read-only dialog's one button, bottom right. */
export function DialogCloseButton({ label }: { label: string }) {
	return (
		<Flex justify="end" mt="4">
			<Dialog.Close>
				<Button variant="soft" color="gray">
					{label}
				</Button>
			</Dialog.Close>
		</Flex>
	)
}
