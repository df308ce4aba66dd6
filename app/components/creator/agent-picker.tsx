import { Flex, Select, Text } from '@radix-ui/themes'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { AgentAvatar } from '#app/components/agent-avatar.tsx'
import type { CreatorAgent } from '#modules/generation/index.ts'
import { NO_AGENT } from './types.ts'

/** Which agent writes: one of the user's presets or 'Kein Agent' (the default models). */
export function AgentPicker({ agents, value, onChange, disabled }: { agents: Array<CreatorAgent>; value: string; onChange: (agentId: string) => void; disabled?: boolean }) {
	const { t } = useTranslation('creator')
	const id = useId()
	return (
		<Flex direction="column" gap="1">
			<Text as="label" htmlFor={id} size="2" weight="medium">
				{t('agent.label')}
			</Text>
			<Select.Root value={value} onValueChange={onChange} disabled={disabled}>
				<Select.Trigger id={id} aria-label={t('agent.label')} />
				<Select.Content position="popper">
					{agents.map((agent) => (
						<Select.Item key={agent.id} value={agent.id}>
							<Flex as="span" gap="2" align="center">
								<AgentAvatar avatar={agent.avatar} size={9} />
								{agent.isDefault ? t('agent.defaultName', { name: agent.name }) : agent.name}
							</Flex>
						</Select.Item>
					))}
					<Select.Item value={NO_AGENT}>{t('agent.none')}</Select.Item>
				</Select.Content>
			</Select.Root>
			<Text size="1" color="gray">
				{agents.length ? t('agent.hint') : t('agent.noneHint')}
			</Text>
		</Flex>
	)
}
