import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Button, Callout, Dialog, IconButton, RadioGroup, Switch, TextArea, TextField } from '@radix-ui/themes'
import { Badge, Card, Flex, Grid, Heading, Text } from '#app/components/ui/lean.tsx'
import { Pencil, Plus, Shuffle, Trash2 } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { ActiveCheckbox, DialogFormActions } from '#app/components/admin/form-dialog-parts.tsx'
import { FieldShell as Shell } from '#app/components/field-shell.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { useFetcherNotice, type Notice } from '#app/components/use-fetcher-notice.ts'
import { useRequestId } from '#app/components/use-request-id.ts'
import type { AdminDiscountCode } from '#modules/billing/index.ts'
import { DiscountCodeFormSchema, generateDiscountCode } from '#modules/billing/schema.ts'
import { Tooltip } from '#app/components/tooltip/tooltip.tsx'
import '#locales/ns/adminDiscountCodes.ts'

export type DiscountCodesReply = { ok: boolean; notice?: Notice; form?: SubmissionResult<Array<string>>; saved?: string }

type Props = { codes: Array<AdminDiscountCode>; now: string; timeZone: string; loadFailed: boolean }

const chf = new Intl.NumberFormat('de-CH', { style: 'currency', currency: 'CHF' })
const percent = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 2 })

export function formatDiscount(code: Pick<AdminDiscountCode, 'discountType' | 'discountValue'>) {
	return code.discountType === 'percentage' ? `${percent.format(code.discountValue)} %` : chf.format(code.discountValue)
}

/** 'Rabattcodes verwalten': the list, the create/edit dialog and the delete confirmation. */
export function DiscountCodesPage({ codes, now, timeZone, loadFailed }: Props) {
	const { t } = useTranslation('adminDiscountCodes')
	// undefined: dialog closed; null: create; a code: edit.
	const [editing, setEditing] = useState<AdminDiscountCode | null | undefined>(undefined)
	const [deleting, setDeleting] = useState<AdminDiscountCode | null>(null)
	const deleter = useFetcher<DiscountCodesReply>()
	useFetcherNotice(deleter)
	const close = useCallback(() => setEditing(undefined), [])
	return (
		<Flex direction="column" gap="4">
			<Flex justify="between" align="center" gap="3" wrap="wrap">
				<Flex direction="column" gap="1">
					<Heading as="h2" size="7">
						{t('title')}
					</Heading>
					<Text color="gray">{t('subtitle')}</Text>
				</Flex>
				<Button onClick={() => setEditing(null)}>
					<Plus size={16} aria-hidden />
					{t('new')}
				</Button>
			</Flex>
			{loadFailed ? (
				<Callout.Root color="red" role="alert">
					<Callout.Text>{t('loadFailed')}</Callout.Text>
				</Callout.Root>
			) : null}
			{codes.length === 0 && !loadFailed ? (
				<Card>
					<Text color="gray">{t('empty')}</Text>
				</Card>
			) : null}
			<Flex direction="column" gap="3" data-testid="discount-codes">
				{codes.map((code) => (
					<CodeCard key={code.id} code={code} timeZone={timeZone} onEdit={() => setEditing(code)} onDelete={() => setDeleting(code)} />
				))}
			</Flex>
			<Dialog.Root open={editing !== undefined} onOpenChange={(open) => (open ? null : close())}>
				<Dialog.Content maxWidth="560px">
					<Dialog.Title>{t(editing ? 'form.editTitle' : 'form.createTitle')}</Dialog.Title>
					<Dialog.Description size="2" mb="3">
						{t('form.description')}
					</Dialog.Description>
					{editing !== undefined ? <CodeForm key={editing?.id ?? 'new'} code={editing} now={now} onSaved={close} /> : null}
				</Dialog.Content>
			</Dialog.Root>
			<ConfirmDialog
				open={deleting !== null}
				title={t('delete.title')}
				text={t('delete.text')}
				confirmLabel={t('delete.confirm')}
				cancelLabel={t('delete.cancel')}
				onConfirm={() => (deleting ? deleter.submit({ intent: 'delete', id: deleting.id }, { method: 'post' }) : undefined)}
				onCancel={() => setDeleting(null)}
			/>
		</Flex>
	)
}

function CodeCard({ code, timeZone, onEdit, onDelete }: { code: AdminDiscountCode; timeZone: string; onEdit: () => void; onDelete: () => void }) {
	const { t } = useTranslation('adminDiscountCodes')
	const toggler = useFetcher<DiscountCodesReply>()
	useFetcherNotice(toggler)
	const pending = toggler.formData?.get('active')
	const active = pending !== undefined && pending !== null ? pending === 'true' : code.isActive
	const dateTime = new Intl.DateTimeFormat('de-CH', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
	return (
		<Card data-testid="discount-code" data-code={code.code}>
			<Flex direction="column" gap="3">
				<Flex justify="between" align="start" gap="3" wrap="wrap">
					<Flex direction="column" gap="1">
						<Flex gap="2" align="center" wrap="wrap">
							<Text size="4" weight="bold" style={{ fontFamily: 'var(--code-font-family)' }}>
								{code.code}
							</Text>
							<Badge color={active ? 'green' : 'gray'} data-testid="discount-status">{t(active ? 'badges.active' : 'badges.inactive')}</Badge>
							{code.expired ? <Badge color="red">{t('badges.expired')}</Badge> : null}
							{code.notStarted ? <Badge color="amber">{t('badges.notStarted')}</Badge> : null}
						</Flex>
						{code.description ? (
							<Text size="2" color="gray">
								{code.description}
							</Text>
						) : null}
					</Flex>
					<Flex gap="3" align="center">
						<Text as="label" size="2">
							<Flex gap="2" align="center">
								<Switch
									checked={active}
									aria-label={`${t('list.activeSwitch')} ${code.code}`}
									onCheckedChange={(checked) => toggler.submit({ intent: 'toggle', id: code.id, active: String(checked) }, { method: 'post' })}
								/>
								{t('list.activeSwitch')}
							</Flex>
						</Text>
						<Tooltip content={t('list.edit')}>
							<IconButton variant="soft" aria-label={`${t('list.edit')} ${code.code}`} onClick={onEdit}>
								<Pencil size={16} aria-hidden />
							</IconButton>
						</Tooltip>
						<Tooltip content={t('list.delete')}>
							<IconButton variant="soft" color="red" aria-label={`${t('list.delete')} ${code.code}`} onClick={onDelete}>
								<Trash2 size={16} aria-hidden />
							</IconButton>
						</Tooltip>
					</Flex>
				</Flex>
				<Grid columns={{ initial: '2', sm: '4' }} gap="3">
					<Stat label={t('list.discount')} value={formatDiscount(code)} />
					<Stat label={t('list.minPurchase')} value={chf.format(code.minPurchaseAmount)} />
					<Stat label={t('list.uses')} value={code.maxUses !== null ? t('list.usesMax', { current: code.currentUses, max: code.maxUses }) : String(code.currentUses)} />
					<Stat label={t('list.expires')} value={code.expiresAt ? dateTime.format(new Date(code.expiresAt)) : t('list.never')} />
				</Grid>
			</Flex>
		</Card>
	)
}

function Stat({ label, value }: { label: string; value: string }) {
	return (
		<Flex direction="column">
			<Text size="1" color="gray">
				{label}
			</Text>
			<Text size="2" weight="medium">
				{value}
			</Text>
		</Flex>
	)
}

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))

function CodeForm({ code, now, onSaved }: { code: AdminDiscountCode | null; now: string; onSaved: () => void }) {
	const { t } = useTranslation('adminDiscountCodes')
	const fetcher = useFetcher<DiscountCodesReply>()
	const saved = useCallback(() => {
		if (fetcher.data?.saved) onSaved()
	}, [fetcher.data, onSaved])
	useFetcherNotice(fetcher, saved)
	// A new entry is created once per request id (a double submit or a retry of a lost answer).
	const requestId = useRequestId(fetcher.data)
	const [type, setType] = useState<string>(code?.discountType ?? 'percentage')
	const [form, fields] = useForm({
		id: code ? `discount-code-${code.id}` : 'discount-code-new',
		lastResult: fetcher.state === 'idle' ? fetcher.data?.form : undefined,
		defaultValue: {
			id: code?.id,
			code: code?.code ?? '',
			description: code?.description ?? '',
			discountType: code?.discountType ?? 'percentage',
			discountValue: numberText(code?.discountValue),
			minPurchaseAmount: numberText(code?.minPurchaseAmount ?? 0),
			maxUses: numberText(code?.maxUses),
			maxCredits: numberText(code?.maxCredits),
			startsAt: code?.startsAtLocal ?? now,
			expiresAt: code?.expiresAtLocal ?? '',
			isActive: code ? (code.isActive ? 'on' : '') : 'on',
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: DiscountCodeFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const { key: codeKey, ...codeProps } = getInputProps(fields.code, { type: 'text' })
	return (
		<fetcher.Form method="post" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="save" />
			<input type="hidden" name="requestId" value={requestId} />
			{code ? <input type="hidden" name="id" value={code.id} /> : null}
			<Flex direction="column" gap="3">
				<FieldShell field={fields.code} label={t('form.code')}>
					<Flex gap="2">
						<TextField.Root
							key={codeKey}
							{...codeProps}
							required={false}
							autoComplete="off"
							style={{ textTransform: 'uppercase', flexGrow: 1 }}
							onInput={(event) => {
								const input = event.currentTarget
								const position = input.selectionStart
								input.value = input.value.toUpperCase()
								if (position !== null) input.setSelectionRange(position, position)
							}}
							aria-describedby={fields.code.errors ? `${fields.code.id}-error` : undefined}
						/>
						<Button type="button" variant="soft" onClick={() => form.update({ name: fields.code.name, value: generateDiscountCode() })}>
							<Shuffle size={16} aria-hidden />
							{t('form.generate')}
						</Button>
					</Flex>
				</FieldShell>
				<FieldShell field={fields.description} label={t('form.descriptionField')}>
					<TextArea {...getTextareaProps(fields.description)} key={fields.description.key} rows={2} />
				</FieldShell>
				<FieldShell field={fields.discountType} label={t('form.type')}>
					<RadioGroup.Root name={fields.discountType.name} defaultValue={type} onValueChange={setType} aria-label={t('form.type')}>
						<Flex gap="4">
							<RadioGroup.Item value="percentage">{t('form.types.percentage')}</RadioGroup.Item>
							<RadioGroup.Item value="fixed_amount">{t('form.types.fixed_amount')}</RadioGroup.Item>
						</Flex>
					</RadioGroup.Root>
				</FieldShell>
				<Grid columns="2" gap="3">
					<NumberField field={fields.discountValue} label={`${t('form.value')} (${type === 'percentage' ? '%' : 'CHF'})`} step="0.01" min="0" max={type === 'percentage' ? '100' : undefined} />
					<NumberField field={fields.minPurchaseAmount} label={t('form.minPurchase')} step="0.01" min="0" />
					<NumberField field={fields.maxUses} label={t('form.maxUses')} step="1" min="1" hint={t('form.unlimited')} />
					<NumberField field={fields.maxCredits} label={t('form.maxCredits')} step="1" min="1" hint={t('form.unlimited')} />
					<DateField field={fields.startsAt} label={t('form.startsAt')} />
					<DateField field={fields.expiresAt} label={t('form.expiresAt')} hint={t('form.expiresHint')} />
				</Grid>
				<ActiveCheckbox field={fields.isActive} label={t('form.isActive')} />
				<DialogFormActions cancel={t('form.cancel')} submit={t('form.save')} busy={fetcher.state !== 'idle'} />
			</Flex>
		</fetcher.Form>
	)
}

function FieldShell({ field, label, hint, children }: { field: FieldMetadata<unknown>; label: string; hint?: string; children: React.ReactNode }) {
	const { t } = useTranslation('adminDiscountCodes')
	return (
		<Shell id={field.id} label={label} hint={hint} error={field.errors ? t(field.errors[0] as 'form.errors.codeRequired') : null}>
			{children}
		</Shell>
	)
}

function NumberField({ field, label, step, min, max, hint }: { field: FieldMetadata<number | undefined>; label: string; step: string; min: string; max?: string; hint?: string }) {
	const { key, ...props } = getInputProps(field, { type: 'number' })
	return (
		<FieldShell field={field} label={label} hint={hint}>
			<TextField.Root key={key} {...props} required={false} step={step} min={min} max={max} inputMode="decimal" aria-describedby={field.errors ? `${field.id}-error` : undefined} />
		</FieldShell>
	)
}

function DateField({ field, label, hint }: { field: FieldMetadata<string | undefined>; label: string; hint?: string }) {
	const { key, ...props } = getInputProps(field, { type: 'datetime-local' })
	return (
		<FieldShell field={field} label={label} hint={hint}>
			<TextField.Root key={key} {...props} required={false} step={60} aria-describedby={field.errors ? `${field.id}-error` : undefined} />
		</FieldShell>
	)
}
