import { Select } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { useId } from 'react'
import { AgentAvatar } from '#app/components/agent-avatar.tsx'

/** The value of 'Kein Agent' (the default models). */
export const NO_AGENT = 'none'

type AgentOption = { id: string; name: string; avatar: string; isDefault: boolean }

/** Which agent writes: one of the user's presets or 'Kein Agent'. Texts come from the caller's namespace. */
export function AgentSelect({
	agents,
	value,
	onChange,
	disabled,
	label,
	hint,
	noneLabel,
	defaultName,
	avatarSize = 9,
}: {
	agents: ReadonlyArray<AgentOption>
	value: string
	onChange: (agentId: string) => void
	disabled?: boolean
	label: string
	hint: string
	noneLabel: string
	/** The option text of the default preset (e.g. '{name} (Standard)'). */
	defaultName: (name: string) => string
	avatarSize?: number
}) {
	const id = useId()
	return (
		<Flex direction="column" gap="1">
			<Text as="label" htmlFor={id} size="2" weight="medium">
				{label}
			</Text>
			<Select.Root value={value} onValueChange={onChange} disabled={disabled}>
				<Select.Trigger id={id} aria-label={label} />
				<Select.Content position="popper">
					{agents.map((agent) => (
						<Select.Item key={agent.id} value={agent.id}>
							<Flex as="span" gap="2" align="center">
								<AgentAvatar avatar={agent.avatar} size={avatarSize} />
								{agent.isDefault ? defaultName(agent.name) : agent.name}
							</Flex>
						</Select.Item>
					))}
					<Select.Item value={NO_AGENT}>{noneLabel}</Select.Item>
				</Select.Content>
			</Select.Root>
			<Text size="1" color="gray">
				{hint}
			</Text>
		</Flex>
	)
}
