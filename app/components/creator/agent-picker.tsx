import { useTranslation } from '#app/utils/use-translation.ts'
import { AgentSelect } from '#app/components/agent-select.tsx'
import type { CreatorAgent } from '#modules/generation/index.ts'
import '#locales/ns/creator.ts'

/** Which agent writes: one of the user's presets or 'Kein Agent' (the default models). */
export function AgentPicker({ agents, value, onChange, disabled }: { agents: Array<CreatorAgent>; value: string; onChange: (agentId: string) => void; disabled?: boolean }) {
	const { t } = useTranslation('creator')
	return (
		<AgentSelect
			agents={agents}
			value={value}
			onChange={onChange}
			disabled={disabled}
			label={t('agent.label')}
			hint={agents.length ? t('agent.hint') : t('agent.noneHint')}
			noneLabel={t('agent.none')}
			defaultName={(name) => t('agent.defaultName', { name })}
		/>
	)
}
