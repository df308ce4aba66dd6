import { Badge, Box, Button, Card, Flex, Grid, IconButton, Text, TextField } from '@radix-ui/themes'
import { Pencil, Plus, Star, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { AgentAvatar } from '#app/components/agent-avatar.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { MAX_AGENTS, agentLimits } from '#modules/agents/schema.ts'
import type { AgentPreset } from '#modules/agents/types.ts'
import '#locales/ns/agents.ts'

type Props = {
	presets: Array<AgentPreset>
	selectedId: string | null
	onSelect: (id: string) => void
	onCreate: () => void
	creating: boolean
	onDelete: (agent: AgentPreset) => void
}

export function PresetCards({ presets, selectedId, onSelect, onCreate, creating, onDelete }: Props) {
	const { t } = useTranslation('agents')
	const full = presets.length >= MAX_AGENTS
	return (
		<Flex direction="column" gap="3" asChild>
			<section aria-labelledby="agent-presets-heading">
				<Flex justify="between" align="center" gap="3" wrap="wrap">
					<Text id="agent-presets-heading" weight="bold" size="4">
						{t('presets.label')}
					</Text>
					<Flex align="center" gap="3">
						<Text size="2" color="gray" data-testid="preset-count">
							{t('presets.count', { count: presets.length, max: MAX_AGENTS })}
						</Text>
						{full ? (
							<Badge color="amber" size="2" data-testid="limit-reached" title={t('presets.limitText', { max: MAX_AGENTS })}>
								{t('presets.limitReached')}
							</Badge>
						) : (
							<Button onClick={onCreate} loading={creating}>
								<Plus size={16} aria-hidden /> {t('presets.new')}
							</Button>
						)}
					</Flex>
				</Flex>
				{presets.length === 0 ? (
					<Text color="gray">{t('presets.empty')}</Text>
				) : (
					<Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="3">
						{presets.map((preset) => (
							<PresetCard key={preset.id} preset={preset} selected={preset.id === selectedId} onSelect={() => onSelect(preset.id)} canDelete={presets.length > 1} onDelete={() => onDelete(preset)} />
						))}
					</Grid>
				)}
			</section>
		</Flex>
	)
}

function PresetCard({ preset, selected, onSelect, canDelete, onDelete }: { preset: AgentPreset; selected: boolean; onSelect: () => void; canDelete: boolean; onDelete: () => void }) {
	const { t } = useTranslation('agents')
	const fetcher = useFetcher()
	useFetcherNotice(fetcher)
	const [editing, setEditing] = useState(false)
	// While a rename is on its way the card shows the new name.
	const pendingName = fetcher.formData?.get('intent') === 'rename' ? String(fetcher.formData.get('name')) : null
	const settingDefault = fetcher.formData?.get('intent') === 'set-default'

	return (
		<Card data-testid="agent-card" data-agent-id={preset.id} data-selected={selected} style={selected ? { outline: '2px solid var(--accent-9)' } : undefined}>
			<Flex direction="column" gap="3">
				<Flex gap="3" align="center">
					<button
						type="button"
						onClick={onSelect}
						aria-pressed={selected}
						aria-label={t('presets.select', { name: preset.name })}
						style={{ all: 'unset', cursor: 'pointer', borderRadius: 16 }}
					>
						<AgentAvatar avatar={preset.avatar} size={20} />
					</button>
					<Box flexGrow="1" minWidth="0">
						{editing ? (
							<InlineName
								name={preset.name}
								onCancel={() => setEditing(false)}
								onSave={(name) => {
									setEditing(false)
									if (name !== preset.name) fetcher.submit({ intent: 'rename', agentId: preset.id, name }, { method: 'post' })
								}}
							/>
						) : (
							<Flex align="center" gap="1">
								<Text as="div" weight="bold" size="3" truncate data-testid="agent-name" onClick={onSelect} style={{ cursor: 'pointer' }}>
									{pendingName ?? preset.name}
								</Text>
								<IconButton size="1" variant="ghost" color="gray" aria-label={t('presets.rename')} title={t('presets.rename')} onClick={() => setEditing(true)}>
									<Pencil size={14} aria-hidden />
								</IconButton>
							</Flex>
						)}
						{selected ? (
							<Text size="1" color="gray">
								{t('presets.selected')}
							</Text>
						) : null}
					</Box>
					{preset.isDefault ? (
						<Badge color="green" data-testid="default-badge">
							{t('presets.default')}
						</Badge>
					) : null}
				</Flex>
				<Flex gap="2" justify="between" align="center">
					{preset.isDefault ? (
						<span />
					) : (
						<Button size="1" variant="soft" loading={settingDefault} onClick={() => fetcher.submit({ intent: 'set-default', agentId: preset.id }, { method: 'post' })}>
							<Star size={14} aria-hidden /> {t('presets.makeDefault')}
						</Button>
					)}
					{canDelete && preset.isDefault ? (
						// The default cannot be deleted (the server refuses too): the reason is the button's description.
						<span title={t('presets.defaultCannotDelete')} data-testid="delete-default-disabled">
							<IconButton size="1" variant="soft" color="gray" disabled aria-label={t('presets.delete')} aria-describedby={`delete-reason-${preset.id}`}>
								<Trash2 size={14} aria-hidden />
							</IconButton>
							<span id={`delete-reason-${preset.id}`} hidden>
								{t('presets.defaultCannotDelete')}
							</span>
						</span>
					) : canDelete ? (
						<IconButton size="1" variant="soft" color="red" aria-label={t('presets.delete')} title={t('presets.delete')} onClick={onDelete}>
							<Trash2 size={14} aria-hidden />
						</IconButton>
					) : null}
				</Flex>
			</Flex>
		</Card>
	)
}

/** The name as an input: Enter saves, Escape (or leaving the field) cancels. */
function InlineName({ name, onSave, onCancel }: { name: string; onSave: (name: string) => void; onCancel: () => void }) {
	const { t } = useTranslation('agents')
	const [value, setValue] = useState(name)
	const [empty, setEmpty] = useState(false)
	const errorId = useId()
	return (
		<Flex direction="column" gap="1">
			<TextField.Root
				size="2"
				autoFocus
				value={value}
				maxLength={agentLimits.nameMax}
				aria-label={t('presets.nameLabel')}
				title={t('presets.renameHint')}
				aria-invalid={empty || undefined}
				aria-describedby={empty ? errorId : undefined}
				onChange={(event) => {
					setValue(event.target.value)
					if (event.target.value.trim()) setEmpty(false)
				}}
				onBlur={onCancel}
				onKeyDown={(event) => {
					if (event.key === 'Enter') {
						event.preventDefault()
						if (value.trim()) onSave(value.trim())
						else setEmpty(true)
					} else if (event.key === 'Escape') {
						event.preventDefault()
						onCancel()
					}
				}}
			/>
			{empty ? (
				<Text id={errorId} size="1" color="red" role="alert">
					{t('errors.nameRequired')}
				</Text>
			) : null}
		</Flex>
	)
}
