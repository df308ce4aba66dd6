import { Flex } from '#app/components/ui/lean.tsx'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestIds } from '#app/components/use-request-id.ts'
import type { AgentPreset } from '#modules/agents/types.ts'
import { AgentEditor, NoAgentSelected } from './agent-editor.tsx'
import { DeleteAgentDialog } from './delete-agent-dialog.tsx'
import { DiscardChangesDialog } from './discard-changes-dialog.tsx'
import type { ModelNames } from './draft.ts'
import { PresetCards } from './preset-cards.tsx'
import { UpgradeCard } from './upgrade-card.tsx'
import '#locales/ns/agents.ts'

type Props = {
	presets: Array<AgentPreset>
	models: ModelNames
	isPro: boolean
	timeZone: string
}

export function AgentsPage({ presets, models, isPro, timeZone }: Props) {
	const { t } = useTranslation('agents')
	const fallback = presets.find((p) => p.isDefault) ?? presets[0] ?? null
	const [selectedId, setSelectedId] = useState<string | null>(fallback?.id ?? null)
	const creator = useFetcher<{ ok: boolean; agentId?: string }>()
	useFetcherNotice(creator)
	// 'Neuer Agent' creates once per request id (a double click makes one agent).
	const createRequestId = useRequestIds(creator.data)
	// Page level: the card of a deleted agent is gone before its answer arrives.
	const deleter = useFetcher()
	useFetcherNotice(deleter)
	const [deleting, setDeleting] = useState<AgentPreset | null>(null)

	// A newly created agent opens for editing (adjusted while rendering, not in an effect).
	const [seen, setSeen] = useState(creator.data)
	if (creator.data !== seen) {
		setSeen(creator.data)
		if (creator.data?.agentId) setSelectedId(creator.data.agentId)
	}

	const selected = presets.find((p) => p.id === selectedId) ?? fallback
	// Unsaved edits in the open editor: switching cards asks first.
	const [dirty, setDirty] = useState(false)
	const [switchTo, setSwitchTo] = useState<string | null>(null)

	function openAgent(id: string) {
		setDirty(false)
		setSelectedId(id)
		toast.success(t('toasts.loaded'))
	}

	function select(id: string) {
		if (id === selected?.id) return
		if (dirty) setSwitchTo(id)
		else openAgent(id)
	}

	return (
		<Flex direction="column" gap="5">
			<PageHeader title={t('title')} subtitle={t('subtitle')} />
			{isPro ? null : <UpgradeCard />}
			<PresetCards
				presets={presets}
				selectedId={selected?.id ?? null}
				onSelect={select}
				onCreate={() => creator.submit({ intent: 'create', requestId: createRequestId() }, { method: 'post' })}
				creating={creator.state !== 'idle'}
				onDelete={setDeleting}
			/>
			{selected ? <AgentEditor key={selected.id} preset={selected} models={models} timeZone={timeZone} onDirtyChange={setDirty} /> : <NoAgentSelected />}
			<DiscardChangesDialog
				agentName={selected?.name ?? ''}
				open={switchTo !== null}
				onCancel={() => setSwitchTo(null)}
				onConfirm={() => {
					if (switchTo) openAgent(switchTo)
					setSwitchTo(null)
				}}
			/>
			<DeleteAgentDialog
				agent={deleting}
				onCancel={() => setDeleting(null)}
				onConfirm={(agent) => {
					deleter.submit({ intent: 'delete', agentId: agent.id }, { method: 'post' })
					setDeleting(null)
				}}
			/>
		</Flex>
	)
}
