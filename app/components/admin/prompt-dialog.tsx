import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Callout, Code, Dialog, Select, TextArea, TextField } from '@radix-ui/themes'
import { Badge, Flex, Text } from '#app/components/ui/lean.tsx'
import { Info } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { ActiveCheckbox, DialogFormActions } from '#app/components/admin/form-dialog-parts.tsx'
import { FieldShell } from '#app/components/field-shell.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestId } from '#app/components/use-request-id.ts'
import type { AdminPrompt } from '#modules/generation/index.ts'
import { PROMPT_CATEGORIES, PROMPT_VARIABLES, detectVariables, isPromptCategory, isUsedByGeneration, unknownVariables, type PromptCategory } from '#modules/generation/prompt-variables.ts'
import { PROMPT_NAME_MAX, PROMPT_TEXT_MAX, PromptFormSchema } from '#modules/generation/prompt-templates-schema.ts'
import type { PromptsReply } from './prompts-page.tsx'
import '#locales/ns/adminPrompts.ts'

/** The create (prompt null) or edit dialog; closed while `prompt` is undefined. */
export function PromptDialog({ prompt, onClose }: { prompt: AdminPrompt | null | undefined; onClose: () => void }) {
	const { t } = useTranslation('adminPrompts')
	return (
		<Dialog.Root open={prompt !== undefined} onOpenChange={(open) => (open ? null : onClose())}>
			<Dialog.Content maxWidth="640px">
				<Dialog.Title>{t(prompt ? 'form.editTitle' : 'form.createTitle')}</Dialog.Title>
				<Dialog.Description size="2" mb="3">
					{t('form.description')}
				</Dialog.Description>
				{prompt !== undefined ? <PromptForm key={prompt?.id ?? 'new'} prompt={prompt} onSaved={onClose} /> : null}
			</Dialog.Content>
		</Dialog.Root>
	)
}

function PromptForm({ prompt, onSaved }: { prompt: AdminPrompt | null; onSaved: () => void }) {
	const { t } = useTranslation('adminPrompts')
	const fetcher = useFetcher<PromptsReply>()
	const saved = useCallback(() => {
		if (fetcher.data?.saved) onSaved()
	}, [fetcher.data, onSaved])
	useFetcherNotice(fetcher, saved)
	// A new entry is created once per request id (a double submit or a retry of a lost answer).
	const requestId = useRequestId(fetcher.data)
	const [category, setCategory] = useState<PromptCategory>(prompt?.category ?? 'content_generation')
	const [text, setText] = useState(prompt?.promptText ?? '')
	const [form, fields] = useForm({
		id: prompt ? `prompt-${prompt.id}` : 'prompt-new',
		lastResult: fetcher.state === 'idle' ? fetcher.data?.form : undefined,
		defaultValue: { name: prompt?.name ?? '', category, promptText: text, isActive: prompt ? (prompt.isActive ? 'on' : '') : 'on' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: PromptFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	// The same function the server uses when it saves: what the badges show is what is stored.
	const variables = detectVariables(text)
	const unknown = new Set(unknownVariables(category, variables))
	const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: 'text' })
	const { key: textKey, ...textProps } = getTextareaProps(fields.promptText)
	return (
		<fetcher.Form method="post" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="save" />
			<input type="hidden" name="requestId" value={requestId} />
			{prompt ? <input type="hidden" name="id" value={prompt.id} /> : null}
			<Flex direction="column" gap="3">
				<Field field={fields.name} label={t('form.name')}>
					<TextField.Root key={nameKey} {...nameProps} required={false} maxLength={PROMPT_NAME_MAX} autoComplete="off" aria-describedby={fields.name.errors ? `${fields.name.id}-error` : undefined} />
				</Field>
				<Field field={fields.category} label={t('form.category')} hint={t(`categories.${category}.usage`)}>
					<Select.Root name={fields.category.name} value={category} onValueChange={(value) => (isPromptCategory(value) ? setCategory(value) : undefined)}>
						<Select.Trigger id={fields.category.id} />
						<Select.Content position="popper">
							{PROMPT_CATEGORIES.map((c) => (
								<Select.Item key={c} value={c}>
									{t(`categories.${c}.label`)} ({c})
								</Select.Item>
							))}
						</Select.Content>
					</Select.Root>
				</Field>
				<Field field={fields.promptText} label={t('form.promptText')}>
					<TextArea
						key={textKey}
						{...textProps}
						required={false}
						rows={8}
						maxLength={PROMPT_TEXT_MAX}
						onChange={(event) => setText(event.currentTarget.value)}
						style={{ fontFamily: 'var(--code-font-family)' }}
						aria-describedby={fields.promptText.errors ? `${fields.promptText.id}-error` : undefined}
					/>
				</Field>
				<DetectedVariables category={category} variables={variables} unknown={unknown} />
				<ActiveCheckbox field={fields.isActive} label={t('form.isActive')} />
				<DialogFormActions cancel={t('form.cancel')} submit={t(prompt ? 'form.update' : 'form.create')} busy={fetcher.state !== 'idle'} />
			</Flex>
		</fetcher.Form>
	)
}

/** The variables found in the text as badges (live), the ones the category does not fill marked. */
function DetectedVariables({ category, variables, unknown }: { category: PromptCategory; variables: Array<string>; unknown: Set<string> }) {
	const { t } = useTranslation('adminPrompts')
	const used = isUsedByGeneration(category)
	return (
		<Flex direction="column" gap="2">
			<Text as="div" size="2" weight="medium" id="detected-variables-label">
				{t('form.variables')}
			</Text>
			<Flex gap="1" wrap="wrap" aria-labelledby="detected-variables-label" aria-live="polite" data-testid="detected-variables">
				{variables.length === 0 ? (
					<Text size="2" color="gray">
						{t('form.noVariables')}
					</Text>
				) : (
					variables.map((name) => (
						<Badge key={name} color={unknown.has(name) ? 'amber' : 'blue'} variant="soft" data-testid="detected-variable" data-unknown={unknown.has(name) || undefined}>
							{name}
						</Badge>
					))
				)}
			</Flex>
			{unknown.size > 0 ? (
				<Callout.Root color="amber" size="1" role="status" data-testid="unknown-variables">
					<Callout.Icon>
						<Info size={14} />
					</Callout.Icon>
					<Callout.Text>{t(used ? 'form.unknown' : 'form.unknownUnused', { count: unknown.size, variables: [...unknown].map((v) => `{${v}}`).join(', ') })}</Callout.Text>
				</Callout.Root>
			) : null}
			<Text size="1" color="gray">
				{used ? (
					<>
						{t('form.available')}{' '}
						{PROMPT_VARIABLES[category].map((name, index) => (
							<span key={name}>
								{index > 0 ? ', ' : null}
								<Code size="1" variant="ghost" title={t(`variableHelp.${name}` as 'variableHelp.agent_name')}>{`{${name}}`}</Code>
							</span>
						))}
					</>
				) : (
					t('form.notUsed')
				)}
			</Text>
		</Flex>
	)
}

function Field({ field, label, hint, children }: { field: FieldMetadata<unknown>; label: string; hint?: string; children: React.ReactNode }) {
	const { t } = useTranslation('adminPrompts')
	return (
		<FieldShell id={field.id} label={label} hint={hint} error={field.errors ? t(field.errors[0] as 'form.errors.categoryInvalid') : null}>
			{children}
		</FieldShell>
	)
}
