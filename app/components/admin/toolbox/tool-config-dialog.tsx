import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from '@conform-to/react'
import { Callout, Checkbox, Dialog, Select, TextArea, TextField } from '@radix-ui/themes'
import { Flex, Grid, Text } from '#app/components/ui/lean.tsx'
import { Info } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { DialogFormActions } from '#app/components/admin/form-dialog-parts.tsx'
import { describedBy, FieldShell } from '#app/components/field-shell.tsx'
import { ToolIcon } from '#app/components/toolbox/tool-icon.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestId } from '#app/components/use-request-id.ts'
import { configErrorText, isImplementedTool, TOOL_ICON_NAMES } from '#modules/toolbox/admin-configs-schema.ts'
import { TOOL_CATEGORIES } from '#modules/toolbox/default-tools.ts'
import type { AdminToolConfig } from '#modules/toolbox/index.ts'
import type { ToolConfigsReply } from './types.ts'
import '#locales/ns/adminToolbox.ts'

const json = (value: Record<string, unknown>) => JSON.stringify(value, null, 2)

/** The create (editing = null) or edit dialog; closed while editing is undefined. */
export function ToolConfigDialog({ editing, onClose }: { editing: AdminToolConfig | null | undefined; onClose: () => void }) {
	const { t } = useTranslation('adminToolbox')
	return (
		<Dialog.Root open={editing !== undefined} onOpenChange={(open) => (open ? null : onClose())}>
			<Dialog.Content maxWidth="680px">
				<Dialog.Title>{t(editing ? 'form.editTitle' : 'form.createTitle')}</Dialog.Title>
				<Dialog.Description size="2" mb="3">
					{t('form.description')}
				</Dialog.Description>
				{editing !== undefined ? <ToolConfigForm key={editing?.id ?? 'new'} config={editing} onSaved={onClose} /> : null}
			</Dialog.Content>
		</Dialog.Root>
	)
}

function ToolConfigForm({ config, onSaved }: { config: AdminToolConfig | null; onSaved: () => void }) {
	const { t } = useTranslation('adminToolbox')
	const fetcher = useFetcher<ToolConfigsReply>()
	const saved = useCallback(() => {
		if (fetcher.data?.saved) onSaved()
	}, [fetcher.data, onSaved])
	useFetcherNotice(fetcher, saved)
	// A new entry is created once per request id (a double submit or a retry of a lost answer).
	const requestId = useRequestId(fetcher.data)
	const [toolName, setToolName] = useState(config?.toolName ?? '')
	const [available, setAvailable] = useState(config?.isAvailable ?? true)
	// Checked on the server only (the same schema checks the CLI's files); its answer marks the fields.
	const [form, fields] = useForm({
		id: config ? `tool-config-${config.id}` : 'tool-config-new',
		lastResult: fetcher.state === 'idle' ? fetcher.data?.form : undefined,
		defaultValue: {
			tool_name: config?.toolName ?? '',
			display_name: config?.displayName ?? '',
			description: config?.description ?? '',
			icon: config?.icon ?? 'wrench',
			category: config?.category ?? 'general',
			config_schema: json(config?.configSchema ?? {}),
			default_settings: json(config?.defaultSettings ?? {}),
		},
	})
	const trimmedName = toolName.trim()
	const toolNameHint = t(config ? 'form.toolNameLockedHint' : 'form.toolNameHint')
	const { key: toolNameKey, ...toolNameProps } = getInputProps(fields.tool_name, { type: 'text' })
	const { key: displayNameKey, ...displayNameProps } = getInputProps(fields.display_name, { type: 'text' })

	return (
		<fetcher.Form method="post" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="save" />
			<input type="hidden" name="requestId" value={requestId} />
			{config ? <input type="hidden" name="id" value={config.id} /> : null}
			<input type="hidden" name="is_available" value={String(available)} />
			<Flex direction="column" gap="3">
				<Grid columns={{ initial: '1', sm: '2' }} gap="3">
					<Field field={fields.tool_name} label={t('form.toolName')} hint={toolNameHint}>
						<TextField.Root
							key={toolNameKey}
							{...toolNameProps}
							required={false}
							readOnly={Boolean(config)}
							autoComplete="off"
							spellCheck={false}
							onChange={(event) => setToolName(event.currentTarget.value)}
							style={{ fontFamily: 'var(--code-font-family)' }}
							aria-describedby={describedBy(fields.tool_name.id, fields.tool_name.errors, toolNameHint)}
						/>
					</Field>
					<Field field={fields.display_name} label={t('form.displayName')}>
						<TextField.Root key={displayNameKey} {...displayNameProps} required={false} aria-describedby={describedBy(fields.display_name.id, fields.display_name.errors)} />
					</Field>
				</Grid>
				{trimmedName ? (
					<Callout.Root size="1" color={isImplementedTool(trimmedName) ? 'blue' : 'orange'} data-testid="tool-config-implemented-hint">
						<Callout.Icon>
							<Info size={14} />
						</Callout.Icon>
						<Callout.Text>{isImplementedTool(trimmedName) ? t('form.implementedHint') : t('form.notImplementedHint', { name: trimmedName })}</Callout.Text>
					</Callout.Root>
				) : null}
				<Field field={fields.description} label={t('form.descriptionField')}>
					<TextArea {...getTextareaProps(fields.description)} key={fields.description.key} rows={2} aria-describedby={describedBy(fields.description.id, fields.description.errors)} />
				</Field>
				<Grid columns={{ initial: '1', sm: '2' }} gap="3">
					<Field field={fields.icon} label={t('form.icon')}>
						<Select.Root name={fields.icon.name} defaultValue={fields.icon.initialValue ?? 'wrench'}>
							<Select.Trigger id={fields.icon.id} />
							<Select.Content position="popper">
								{TOOL_ICON_NAMES.map((icon) => (
									<Select.Item key={icon} value={icon}>
										<Flex gap="2" align="center">
											<ToolIcon name={icon} size={14} />
											{icon}
										</Flex>
									</Select.Item>
								))}
							</Select.Content>
						</Select.Root>
					</Field>
					<Field field={fields.category} label={t('form.category')}>
						<Select.Root name={fields.category.name} defaultValue={fields.category.initialValue ?? 'general'}>
							<Select.Trigger id={fields.category.id} />
							<Select.Content position="popper">
								{TOOL_CATEGORIES.map((category) => (
									<Select.Item key={category} value={category}>
										{t(`categories.${category}`)}
									</Select.Item>
								))}
							</Select.Content>
						</Select.Root>
					</Field>
				</Grid>
				<Field field={fields.config_schema} label={t('form.configSchema')} hint={t('form.configSchemaHint')}>
					<JsonArea field={fields.config_schema} rows={8} hint={t('form.configSchemaHint')} />
				</Field>
				<Field field={fields.default_settings} label={t('form.defaultSettings')} hint={t('form.defaultSettingsHint')}>
					<JsonArea field={fields.default_settings} rows={6} hint={t('form.defaultSettingsHint')} />
				</Field>
				<Text as="label" size="2">
					<Flex gap="2" align="center">
						<Checkbox checked={available} onCheckedChange={(checked) => setAvailable(checked === true)} />
						{t('form.isAvailable')}
					</Flex>
				</Text>
				<DialogFormActions cancel={t('form.cancel')} submit={t('form.save')} busy={fetcher.state !== 'idle'} />
			</Flex>
		</fetcher.Form>
	)
}

function JsonArea({ field, rows, hint }: { field: FieldMetadata<string | undefined>; rows: number; hint: string }) {
	return <TextArea {...getTextareaProps(field)} key={field.key} rows={rows} spellCheck={false} style={{ fontFamily: 'var(--code-font-family)' }} aria-describedby={describedBy(field.id, field.errors, hint)} />
}

/** A field of the dialog: schema messages (see configErrorText) in German, else the hint. */
function Field({ field, label, hint, children }: { field: FieldMetadata<unknown>; label: string; hint?: string; children: React.ReactNode }) {
	const { t } = useTranslation('adminToolbox')
	// Schema messages are built at run time ('key|field|reason'), so the typed keys do not apply here.
	const translate = t as unknown as (key: string, values?: Record<string, string>) => string
	const error = field.errors?.[0]
	return (
		<FieldShell id={field.id} label={label} hint={hint} error={error ? configErrorText(error, translate) : null}>
			{children}
		</FieldShell>
	)
}
