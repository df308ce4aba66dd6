import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Button, Dialog, TextArea, TextField } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { useCallback } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestId } from '#app/components/use-request-id.ts'
import { ADMIN_GRANT_MAX, GrantCreditsSchema } from '#modules/admin/users-schema.ts'
import type { AdminUsersReply } from './types.ts'
import '#locales/ns/adminUsers.ts'
import { returnFocus } from './return-focus.ts'

/**
 * 'Credits hinzufügen' for the chosen user (one dialog for the whole list, opened from a row's button):
 * a whole number from 1 to 100000 and an optional reason; toast 'Credits hinzugefügt'.
 */
export function GrantCreditsDialog({ user, open, opener, onClose }: { user: { id: string; email: string } | null; open: boolean; opener: HTMLElement | null; onClose: () => void }) {
	const { t } = useTranslation('adminUsers')
	return (
		<Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
			<Dialog.Content maxWidth="440px" onCloseAutoFocus={(event) => returnFocus(event, opener)}>
				<Dialog.Title>{t('grant.title')}</Dialog.Title>
				<Dialog.Description size="2" mb="3">
					{t('grant.description', { email: user?.email ?? '' })}
				</Dialog.Description>
				{user && open ? <GrantForm key={user.id} userId={user.id} onDone={onClose} /> : null}
			</Dialog.Content>
		</Dialog.Root>
	)
}

function GrantForm({ userId, onDone }: { userId: string; onDone: () => void }) {
	const { t } = useTranslation('adminUsers')
	const fetcher = useFetcher<AdminUsersReply>()
	const done = useCallback(() => {
		if (fetcher.data?.granted) onDone()
	}, [fetcher.data, onDone])
	useFetcherNotice(fetcher, done)
	// A new entry is created once per request id (a double submit or a retry of a lost answer).
	const requestId = useRequestId(fetcher.data)
	const [form, fields] = useForm({
		id: `grant-${userId}`,
		lastResult: fetcher.state === 'idle' ? fetcher.data?.grant : undefined,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: GrantCreditsSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const amountError = fields.amount.errors?.[0]
	const reasonError = fields.reason.errors?.[0]
	const { key: amountKey, ...amountProps } = getInputProps(fields.amount, { type: 'number' })
	return (
		<fetcher.Form method="post" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="grant" />
			<input type="hidden" name="requestId" value={requestId} />
			<input type="hidden" name="userId" value={userId} />
			<Flex direction="column" gap="3">
				<Flex direction="column" gap="1">
					<Text as="label" htmlFor={fields.amount.id} size="2" weight="medium">
						{t('grant.amount')}
					</Text>
					<TextField.Root
						key={amountKey}
						{...amountProps}
						required={false}
						min={1}
						max={ADMIN_GRANT_MAX}
						step={1}
						inputMode="numeric"
						aria-describedby={amountError ? `${fields.amount.id}-error` : undefined}
					/>
					{amountError ? (
						<Text id={`${fields.amount.id}-error`} size="1" color="red" role="alert">
							{t(amountError as 'errors.amountMin')}
						</Text>
					) : null}
				</Flex>
				<Flex direction="column" gap="1">
					<Text as="label" htmlFor={fields.reason.id} size="2" weight="medium">
						{t('grant.reason')}
					</Text>
					<TextArea {...getTextareaProps(fields.reason)} key={fields.reason.key} rows={2} maxLength={500} />
					{reasonError ? (
						<Text size="1" color="red" role="alert">
							{t(reasonError as 'errors.reasonTooLong')}
						</Text>
					) : null}
				</Flex>
				<Flex gap="3" justify="end" mt="2">
					<Dialog.Close>
						<Button type="button" variant="soft" color="gray">
							{t('grant.cancel')}
						</Button>
					</Dialog.Close>
					<Button type="submit" loading={fetcher.state !== 'idle'}>
						{t('grant.submit')}
					</Button>
				</Flex>
			</Flex>
		</fetcher.Form>
	)
}
