import { Button, Tabs } from '@radix-ui/themes'
import { Card, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { GraduationCap, Save } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import { AgentAvatar } from '#app/components/agent-avatar.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { AgentPresetSchema, presetFormEntries } from '#modules/agents/schema.ts'
import type { AgentPreset, UrlFailure } from '#modules/agents/types.ts'
import { BrandTab } from './brand-tab.tsx'
import { toDraft, type Draft, type ModelNames, type UpdateDraft } from './draft.ts'
import { KnowledgeTab } from './knowledge-tab.tsx'
import { ModelsTab } from './models-tab.tsx'
import { ProfileTab } from './profile-tab.tsx'
import { TrainingTab } from './training-tab.tsx'
import { VoiceTab } from './voice-tab.tsx'
import '#locales/ns/agents.ts'

function formOf(entries: Array<[string, string]>) {
	const form = new FormData()
	for (const [key, value] of entries) form.append(key, value)
	return form
}

/** The selected preset's tabs, with 'Agent trainieren' and 'Speichern'. Keyed by the preset: switching agents starts fresh. */
export function AgentEditor({ preset, models, timeZone, onDirtyChange }: { preset: AgentPreset; models: ModelNames; timeZone: string; onDirtyChange?: (dirty: boolean) => void }) {
	const { t } = useTranslation('agents')
	const [draft, setDraft] = useState<Draft>(() => toDraft(preset))
	const update: UpdateDraft = (key, value) => setDraft((current) => ({ ...current, [key]: value }))
	const saver = useFetcher<{ ok: boolean }>()
	useFetcherNotice(saver)
	// What is stored: the preset as loaded, then each draft a save confirmed.
	const [stored, setStored] = useState<Draft>(draft)
	const submitted = useRef<Draft | null>(null)
	useEffect(() => {
		if (saver.state === 'idle' && saver.data?.ok && submitted.current) setStored(submitted.current)
	}, [saver.state, saver.data])
	const dirty = JSON.stringify(draft) !== JSON.stringify(stored)
	useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange])
	const trainer = useFetcher<{ ok: boolean; failures?: Array<UrlFailure> }>()
	useFetcherNotice(trainer)

	function save() {
		const parsed = AgentPresetSchema.safeParse({ ...draft, name: preset.name })
		if (!parsed.success) {
			toast.error(t('toasts.error'), { description: `${t('toasts.saveFailed')} ${t(parsed.error.issues[0]!.message as 'errors.tooLong')}` })
			return
		}
		const form = formOf([['intent', 'save'], ['agentId', preset.id], ...presetFormEntries(parsed.data)])
		submitted.current = draft
		void saver.submit(form, { method: 'post' })
	}

	function train() {
		toast.info(t('toasts.trainingStarted'))
		const form = formOf([['intent', 'train'], ['agentId', preset.id], ...presetFormEntries({ trainingTexts: draft.trainingTexts, postUrls: draft.postUrls })])
		void trainer.submit(form, { method: 'post' })
	}

	return (
		<Card size="3" data-testid="agent-editor" data-dirty={dirty}>
			<Flex direction="column" gap="4">
				<Flex justify="between" align="center" gap="3" wrap="wrap">
					<Flex align="center" gap="3">
						<AgentAvatar avatar={draft.avatar} size={18} />
						<Heading as="h3" size="5">
							{preset.name}
						</Heading>
					</Flex>
					<Flex gap="2">
						<Button variant="soft" onClick={train} loading={trainer.state !== 'idle'}>
							<GraduationCap size={16} aria-hidden /> {t('actions.train')}
						</Button>
						<Button onClick={save} loading={saver.state !== 'idle'}>
							<Save size={16} aria-hidden /> {t('actions.save')}
						</Button>
					</Flex>
				</Flex>
				<Tabs.Root defaultValue="profile">
					<Tabs.List aria-label={t('tabs.label')} wrap="wrap">
						<Tabs.Trigger value="profile">{t('tabs.profile')}</Tabs.Trigger>
						<Tabs.Trigger value="models">{t('tabs.models')}</Tabs.Trigger>
						<Tabs.Trigger value="voice">{t('tabs.voice')}</Tabs.Trigger>
						<Tabs.Trigger value="brand">{t('tabs.brand')}</Tabs.Trigger>
						<Tabs.Trigger value="training">{t('tabs.training')}</Tabs.Trigger>
						<Tabs.Trigger value="knowledge">{t('tabs.knowledge')}</Tabs.Trigger>
					</Tabs.List>
					<Flex direction="column" pt="4">
						<Tabs.Content value="profile">
							<ProfileTab draft={draft} update={update} />
						</Tabs.Content>
						<Tabs.Content value="models">
							<ModelsTab preset={preset} models={models} />
						</Tabs.Content>
						<Tabs.Content value="voice">
							<VoiceTab draft={draft} update={update} />
						</Tabs.Content>
						<Tabs.Content value="brand">
							<BrandTab draft={draft} update={update} preset={preset} />
						</Tabs.Content>
						<Tabs.Content value="training">
							<TrainingTab draft={draft} update={update} preset={preset} timeZone={timeZone} failures={trainer.state === 'idle' ? (trainer.data?.failures ?? []) : []} />
						</Tabs.Content>
						<Tabs.Content value="knowledge">
							<KnowledgeTab draft={draft} update={update} />
						</Tabs.Content>
					</Flex>
				</Tabs.Root>
			</Flex>
		</Card>
	)
}

/** No preset yet: 'Speichern' answers with the spec's message. */
export function NoAgentSelected() {
	const { t } = useTranslation('agents')
	return (
		<Card size="3">
			<Flex justify="between" align="center" gap="3" wrap="wrap">
				<Text color="gray">{t('noAgent')}</Text>
				<Button variant="soft" onClick={() => toast.error(t('toasts.error'), { description: t('toasts.noAgentSelected') })}>
					<Save size={16} aria-hidden /> {t('actions.save')}
				</Button>
			</Flex>
		</Card>
	)
}
