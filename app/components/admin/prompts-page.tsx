import type { SubmissionResult } from '@conform-to/react'
import { Button, IconButton, Switch, Table, VisuallyHidden } from '@radix-ui/themes'
import { Badge, Card, Flex, Text } from '#app/components/ui/lean.tsx'
import { Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { CounterCards } from '#app/components/admin/counter-cards.tsx'
import { SearchForm } from '#app/components/admin/search-form.tsx'
import { LoadError } from '#app/components/load-error.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { useFetcherNotice, type Notice } from '#app/components/use-fetcher-notice.ts'
import { formatDateTime } from '#app/utils/format.ts'
import type { AdminPrompt, PromptCounts } from '#modules/generation/index.ts'
import { PromptDialog } from './prompt-dialog.tsx'
import { Tooltip } from '#app/components/tooltip/tooltip.tsx'
import '#locales/ns/adminPrompts.ts'

export type PromptsReply = { ok: boolean; notice?: Notice; form?: SubmissionResult<Array<string>>; saved?: string }

type Props = { query: string; prompts: Array<AdminPrompt>; counts: PromptCounts; timeZone: string; loadFailed: boolean }

/** The spec's constant: the table shows at most this many variables, then a '+N' badge. */
export const VARIABLES_SHOWN = 3

/** 'Prompts verwalten': search, counters, the table with the status switch, and the create/edit dialog. */
export function PromptsPage({ query, prompts, counts, timeZone, loadFailed }: Props) {
	const { t } = useTranslation('adminPrompts')
	// undefined: dialog closed; null: create; a prompt: edit.
	const [editing, setEditing] = useState<AdminPrompt | null | undefined>(undefined)
	return (
		<Flex direction="column" gap="4">
			<PageHeader title={t('title')} subtitle={t('subtitle')}>
				<Button onClick={() => setEditing(null)}>
					<Plus size={16} aria-hidden />
					{t('new')}
				</Button>
			</PageHeader>

			{loadFailed ? (
				<LoadError title={t('toasts.errorTitle')} text={t('loadFailed')} />
			) : (
				<CounterCards
					testId="prompt-count"
					counters={[
						{ key: 'total', label: t('counts.total'), value: counts.total },
						{ key: 'active', label: t('counts.active'), value: counts.active },
						{ key: 'categories', label: t('counts.categories'), value: counts.categories },
					]}
				/>
			)}

			<SearchForm id="admin-prompt-search" query={query} labels={{ label: t('search.label'), placeholder: t('search.placeholder'), submit: t('search.submit'), reset: t('search.reset') }} />

			{loadFailed ? null : prompts.length === 0 ? (
				<Card>
					<Text color="gray">{t(query ? 'emptySearch' : 'empty')}</Text>
				</Card>
			) : (
				<Table.Root variant="surface" data-testid="prompts">
					<Table.Header>
						<Table.Row>
							<Table.ColumnHeaderCell>{t('table.name')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell>{t('table.category')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell>{t('table.variables')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell>{t('table.status')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell>{t('table.created')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell>
								<VisuallyHidden>{t('table.actions')}</VisuallyHidden>
							</Table.ColumnHeaderCell>
						</Table.Row>
					</Table.Header>
					<Table.Body>
						{prompts.map((prompt) => (
							<PromptRow key={prompt.id} prompt={prompt} timeZone={timeZone} onEdit={() => setEditing(prompt)} />
						))}
					</Table.Body>
				</Table.Root>
			)}

			<PromptDialog prompt={editing} onClose={() => setEditing(undefined)} />
		</Flex>
	)
}

function PromptRow({ prompt, timeZone, onEdit }: { prompt: AdminPrompt; timeZone: string; onEdit: () => void }) {
	const { t } = useTranslation('adminPrompts')
	const toggler = useFetcher<PromptsReply>()
	useFetcherNotice(toggler)
	const pending = toggler.formData?.get('active')
	const active = typeof pending === 'string' ? pending === 'true' : prompt.isActive
	const name = prompt.name || t('table.noName')
	const shown = prompt.variables.slice(0, VARIABLES_SHOWN)
	const more = prompt.variables.length - shown.length
	return (
		<Table.Row align="center" data-testid="prompt-row" data-id={prompt.id}>
			<Table.RowHeaderCell>
				<Flex direction="column" gap="1" align="start">
					<Text weight="medium" color={prompt.name ? undefined : 'gray'}>
						{name}
					</Text>
					{prompt.inUse && active ? (
						<Tooltip content={t('table.inUseHint')}>
							<Badge color="green" variant="soft" data-testid="prompt-in-use">
								{t('table.inUse')}
							</Badge>
						</Tooltip>
					) : null}
				</Flex>
			</Table.RowHeaderCell>
			<Table.Cell>
				<Badge variant="outline" color="gray" data-testid="prompt-category">
					{prompt.category}
				</Badge>
			</Table.Cell>
			<Table.Cell>
				<Flex gap="1" wrap="wrap" data-testid="prompt-variables">
					{shown.length === 0 ? (
						<Text size="2" color="gray">
							{t('table.noVariables')}
						</Text>
					) : (
						shown.map((variable) => (
							<Badge key={variable} variant="soft" data-testid="prompt-variable">
								{variable}
							</Badge>
						))
					)}
					{more > 0 ? (
						<Badge color="gray" variant="surface" data-testid="prompt-variables-more" title={prompt.variables.slice(VARIABLES_SHOWN).join(', ')}>
							{t('table.more', { count: more })}
						</Badge>
					) : null}
				</Flex>
			</Table.Cell>
			<Table.Cell>
				<Text as="label" size="2">
					<Flex gap="2" align="center">
						<Switch
							checked={active}
							aria-label={t('table.statusSwitch', { name })}
							onCheckedChange={(checked) => toggler.submit({ intent: 'toggle', id: prompt.id, active: String(checked) }, { method: 'post' })}
						/>
						<span data-testid="prompt-status">{t(active ? 'status.active' : 'status.inactive')}</span>
					</Flex>
				</Text>
			</Table.Cell>
			<Table.Cell>{formatDateTime(prompt.createdAt, timeZone, 'dd.MM.yyyy')}</Table.Cell>
			<Table.Cell>
				<Tooltip content={t('table.edit')}>
					<IconButton variant="soft" aria-label={t('table.editPrompt', { name })} onClick={onEdit}>
						<Pencil size={16} aria-hidden />
					</IconButton>
				</Tooltip>
			</Table.Cell>
		</Table.Row>
	)
}
