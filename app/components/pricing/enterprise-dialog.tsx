import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Box, Button, Card, Dialog, Flex, Heading, Text, TextArea, TextField } from '@radix-ui/themes'
import { Building2 } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestId } from '#app/components/use-request-id.ts'
import { EnterpriseRequestSchema } from '#modules/billing/schema.ts'
import type { PricingReply } from './types.ts'
import '#locales/ns/billing.ts'

/** The Enterprise card and its contact dialog (name and e-mail required); the request is stored and mailed to sales. */
export function EnterpriseCard({ user }: { user: { name: string; email: string } }) {
	const { t } = useTranslation('billing')
	const [open, setOpen] = useState(false)
	return (
		<Card size="3" data-testid="plan-enterprise">
			<Flex direction="column" gap="3" height="100%">
				<Flex justify="between" align="center">
					<Heading as="h4" size="4">
						{t('enterprise.name')}
					</Heading>
					<Building2 size={18} aria-hidden />
				</Flex>
				<Text size="6" weight="bold">
					{t('enterprise.price')}
				</Text>
				<Text size="2">{t('enterprise.description')}</Text>
				<Box flexGrow="1" />
				<Dialog.Root open={open} onOpenChange={setOpen}>
					<Dialog.Trigger>
						<Button variant="outline">{t('enterprise.contact')}</Button>
					</Dialog.Trigger>
					<Dialog.Content maxWidth="480px">
						<Dialog.Title>{t('enterprise.dialogTitle')}</Dialog.Title>
						<Dialog.Description size="2" mb="3">
							{t('enterprise.dialogDescription')}
						</Dialog.Description>
						{open ? <EnterpriseForm user={user} onSent={() => setOpen(false)} /> : null}
					</Dialog.Content>
				</Dialog.Root>
			</Flex>
		</Card>
	)
}

function EnterpriseForm({ user, onSent }: { user: { name: string; email: string }; onSent: () => void }) {
	const { t } = useTranslation('billing')
	const fetcher = useFetcher<PricingReply>()
	const requestId = useRequestId(fetcher.data)
	const sent = useCallback(() => {
		if (fetcher.data?.contactSent) onSent()
	}, [fetcher.data, onSent])
	useFetcherNotice(fetcher, sent)
	const [form, fields] = useForm({
		id: 'enterprise',
		lastResult: fetcher.data?.contact,
		defaultValue: { name: user.name, email: user.email },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: EnterpriseRequestSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<fetcher.Form method="post" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="contact" />
			<input type="hidden" name="requestId" value={requestId} />
			<Flex direction="column" gap="3">
				<Field field={fields.name} label={t('enterprise.fields.name')} autoComplete="name" />
				<Field field={fields.email} label={t('enterprise.fields.email')} type="email" autoComplete="email" />
				<Field field={fields.company} label={t('enterprise.fields.company')} autoComplete="organization" />
				<Flex direction="column" gap="1">
					<Text as="label" htmlFor={fields.message.id} size="2" weight="medium">
						{t('enterprise.fields.message')}
					</Text>
					<TextArea {...getTextareaProps(fields.message)} key={fields.message.key} rows={4} />
				</Flex>
				<Flex gap="3" justify="end" mt="2">
					<Dialog.Close>
						<Button type="button" variant="soft" color="gray">
							{t('enterprise.cancel')}
						</Button>
					</Dialog.Close>
					<Button type="submit" loading={fetcher.state !== 'idle'}>
						{t('enterprise.send')}
					</Button>
				</Flex>
			</Flex>
		</fetcher.Form>
	)
}

function Field({ field, label, type = 'text', autoComplete }: { field: FieldMetadata<string | undefined>; label: string; type?: 'text' | 'email'; autoComplete?: string }) {
	const { t } = useTranslation('billing')
	const errorId = `${field.id}-error`
	const { key, ...props } = getInputProps(field, { type })
	return (
		<Flex direction="column" gap="1">
			<Text as="label" htmlFor={field.id} size="2" weight="medium">
				{label}
			</Text>
			<TextField.Root key={key} {...props} required={false} autoComplete={autoComplete} aria-describedby={field.errors ? errorId : undefined} />
			{field.errors ? (
				<Text id={errorId} size="1" color="red" role="alert">
					{t(field.errors[0] as 'enterprise.errors.nameRequired')}
				</Text>
			) : null}
		</Flex>
	)
}
