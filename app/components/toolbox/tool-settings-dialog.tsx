import { Button, Callout, Checkbox, Dialog, Select, Separator, Switch, TextArea, TextField } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { useCallback, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import type { BirthdayContact, ToolState } from '#modules/toolbox/index.ts'
import { BirthdayContacts } from './birthday-contacts.tsx'
import { usePlatformName, usePlatforms } from '#app/utils/use-platforms.ts'
import type { ToolboxActionData } from './types.ts'
import '#locales/ns/toolbox.ts'

type FieldKind =
	| { kind: 'time' }
	| { kind: 'number'; step?: number; min?: number; max?: number }
	| { kind: 'switch' }
	| { kind: 'checkboxes'; options: ReadonlyArray<string>; labels: string }
	| { kind: 'select'; options: ReadonlyArray<string> }
	| { kind: 'list' }

// How each settings field is edited (the zod schemas of modules/toolbox check them on the server).
const FIELDS: Record<string, FieldKind> = {
	scheduleTime: { kind: 'time' },
	personalMessage: { kind: 'switch' },
	// The registered platforms (usePlatforms); their labels are the platforms' names.
	platforms: { kind: 'checkboxes', options: [], labels: 'platforms' },
	mode: { kind: 'select', options: ['draft', 'schedule'] },
	minEngagement: { kind: 'number', min: 0 },
	repostAfterDays: { kind: 'number', min: 1, max: 365 },
	keywords: { kind: 'list' },
	responseTemplates: { kind: 'list' },
	eventTypes: { kind: 'checkboxes', options: ['holidays', 'industry', 'company', 'awareness_days'], labels: 'eventTypes' },
	advanceDays: { kind: 'number', min: 1, max: 90 },
	contentTypes: { kind: 'checkboxes', options: ['posts', 'stories', 'videos'], labels: 'contentTypes' },
	countries: { kind: 'checkboxes', options: ['CH', 'DE', 'AT'], labels: 'countries' },
	maxHashtags: { kind: 'number', min: 1, max: 30 },
	trendingWeight: { kind: 'number', step: 0.1, min: 0, max: 1 },
	nicheSpecific: { kind: 'switch' },
}

type Values = Record<string, string | boolean | Array<string>>

function toValues(settings: Record<string, unknown>): Values {
	const values: Values = {}
	for (const [key, value] of Object.entries(settings)) {
		const kind = FIELDS[key]?.kind
		if (kind === 'list') values[key] = Array.isArray(value) ? value.join('\n') : ''
		else if (kind === 'number') values[key] = String(value ?? '')
		else values[key] = value as Values[string]
	}
	return values
}

/** What is sent: numbers as numbers (text that is no number as typed, so the server names the error), lists split by line. */
function toSettings(values: Values): Record<string, unknown> {
	const out: Record<string, unknown> = {}
	for (const [key, value] of Object.entries(values)) {
		const kind = FIELDS[key]?.kind
		if (kind === 'number' && typeof value === 'string') {
			const n = Number(value.replace(',', '.'))
			out[key] = value.trim() !== '' && Number.isFinite(n) ? n : value
		} else if (kind === 'list' && typeof value === 'string') out[key] = value.split('\n').map((s) => s.trim()).filter(Boolean)
		else out[key] = value
	}
	return out
}

/** The tool's settings as a dialog: one field per setting; the birthday tool also keeps its contacts here. */
export function ToolSettingsDialog({ tool, contacts, children }: { tool: ToolState; contacts: Array<BirthdayContact>; children: React.ReactNode }) {
	const { t } = useTranslation('toolbox')
	// Keys built from the field names (all listed in locales/de/toolbox.json under settings.*).
	const tk = t as unknown as (key: string) => string
	const platformName = usePlatformName()
	const platformIds = usePlatforms().map((p) => p.id)
	const optionsOf = (key: string, field: { options: ReadonlyArray<string> }) => (key === 'platforms' ? platformIds : field.options)
	const optionLabel = (key: string, labels: string, option: string) => (key === 'platforms' ? platformName(option) : tk(`settings.${labels}.${option}`))
	const [open, setOpen] = useState(false)
	const [values, setValues] = useState<Values>(() => toValues(tool.settings as Record<string, unknown>))
	const fetcher = useFetcher<ToolboxActionData>({ key: `settings-${tool.toolName}` })
	// A saved form closes the dialog (its success toast shows at the same moment).
	const afterNotice = useCallback(() => {
		if (fetcher.data?.ok) setOpen(false)
	}, [fetcher.data])
	useFetcherNotice(fetcher, afterNotice)
	const errors = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {}

	// Opening starts from the stored settings.
	const onOpenChange = (next: boolean) => {
		if (next) setValues(toValues(tool.settings as Record<string, unknown>))
		setOpen(next)
	}

	const set = (key: string, value: Values[string]) => setValues((v) => ({ ...v, [key]: value }))
	const save = (event: React.FormEvent) => {
		event.preventDefault()
		fetcher.submit({ intent: 'settings', tool: tool.toolName, settings: JSON.stringify(toSettings(values)) }, { method: 'post', action: '/toolbox' })
	}

	return (
		<Dialog.Root open={open} onOpenChange={onOpenChange}>
			<Dialog.Trigger>{children}</Dialog.Trigger>
			<Dialog.Content maxWidth="560px" aria-describedby={undefined}>
				<Dialog.Title>{t('card.settingsTitle', { name: tool.displayName })}</Dialog.Title>
				<form onSubmit={save} noValidate data-testid="tool-settings-form">
					<Flex direction="column" gap="4">
						{Object.keys(values).map((key) => {
							const field = FIELDS[key]
							if (!field) return null
							const id = `${tool.toolName}-${key}`
							const fieldErrors = errors[key] ?? []
							const label = tk(`settings.fields.${key}`)
							return (
								<Flex key={key} direction="column" gap="1" data-field={key}>
									{field.kind === 'switch' ? (
										<Text as="label" size="2" htmlFor={id}>
											<Flex gap="2" align="center">
												<Switch id={id} checked={values[key] === true} onCheckedChange={(checked) => set(key, checked)} />
												{label}
											</Flex>
										</Text>
									) : (
										<Text as="label" size="2" weight="medium" htmlFor={field.kind === 'checkboxes' ? undefined : id}>
											{label}
										</Text>
									)}
									{field.kind === 'time' ? (
										<TextField.Root id={id} type="time" value={String(values[key] ?? '')} onChange={(e) => set(key, e.target.value)} aria-invalid={fieldErrors.length > 0} />
									) : null}
									{field.kind === 'number' ? (
										<TextField.Root
											id={id}
											inputMode="decimal"
											value={String(values[key] ?? '')}
											onChange={(e) => set(key, e.target.value)}
											aria-invalid={fieldErrors.length > 0}
										/>
									) : null}
									{field.kind === 'list' ? (
										<>
											<TextArea id={id} rows={4} value={String(values[key] ?? '')} onChange={(e) => set(key, e.target.value)} aria-invalid={fieldErrors.length > 0} />
											<Text size="1" color="gray">
												{t('settings.listHint')}
											</Text>
										</>
									) : null}
									{field.kind === 'select' ? (
										<Select.Root value={String(values[key])} onValueChange={(value) => set(key, value)}>
											<Select.Trigger id={id} />
											<Select.Content>
												{field.options.map((option) => (
													<Select.Item key={option} value={option}>
														{tk(`settings.fields.${key}${option.charAt(0).toUpperCase()}${option.slice(1)}`)}
													</Select.Item>
												))}
											</Select.Content>
										</Select.Root>
									) : null}
									{field.kind === 'checkboxes' ? (
										<Flex gap="3" wrap="wrap" role="group" aria-label={label}>
											{optionsOf(key, field).map((option) => {
												const list = Array.isArray(values[key]) ? (values[key] as Array<string>) : []
												return (
													<Text as="label" size="2" key={option}>
														<Flex gap="1" align="center">
															<Checkbox
																checked={list.includes(option)}
																onCheckedChange={(checked) => set(key, checked === true ? [...list, option] : list.filter((x) => x !== option))}
															/>
															{optionLabel(key, field.labels, option)}
														</Flex>
													</Text>
												)
											})}
										</Flex>
									) : null}
									{fieldErrors.map((message) => (
										<Text key={message} size="1" color="red" role="alert" data-testid="field-error">
											{message}
										</Text>
									))}
								</Flex>
							)
						})}
						{errors[''] ? (
							<Callout.Root color="red" role="alert">
								<Callout.Text>{errors['']!.join(' ')}</Callout.Text>
							</Callout.Root>
						) : null}
						<Flex gap="2" justify="end">
							<Dialog.Close>
								<Button type="button" variant="soft" color="gray">
									{t('settings.cancel')}
								</Button>
							</Dialog.Close>
							<Button type="submit" loading={fetcher.state !== 'idle'}>
								{t('settings.save')}
							</Button>
						</Flex>
					</Flex>
				</form>
				{tool.toolName === 'birthdayWishes' ? (
					<>
						<Separator size="4" my="4" />
						<BirthdayContacts contacts={contacts} defaultPlatform={(tool.settings as { platforms?: Array<string> }).platforms?.[0] ?? platformIds[0] ?? ''} />
					</>
				) : null}
			</Dialog.Content>
		</Dialog.Root>
	)
}
