import { AlertDialog, Button } from '@radix-ui/themes'
import { Flex } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { AgentPreset } from '#modules/agents/types.ts'
import '#locales/ns/agents.ts'

/** 'Agent löschen?': offered only while the user has more than one agent. */
export function DeleteAgentDialog({ agent, onCancel, onConfirm }: { agent: AgentPreset | null; onCancel: () => void; onConfirm: (agent: AgentPreset) => void }) {
	const { t } = useTranslation('agents')
	if (!agent) return null
	return (
		<AlertDialog.Root open onOpenChange={(open) => (open ? null : onCancel())}>
			<AlertDialog.Content maxWidth="440px">
				<AlertDialog.Title>{t('presets.deleteTitle')}</AlertDialog.Title>
				<AlertDialog.Description size="2">{t('presets.deleteText', { name: agent.name })}</AlertDialog.Description>
				<Flex gap="3" mt="4" justify="end">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray">
							{t('presets.cancel')}
						</Button>
					</AlertDialog.Cancel>
					<AlertDialog.Action>
						<Button color="red" onClick={() => onConfirm(agent)}>
							{t('presets.deleteConfirm')}
						</Button>
					</AlertDialog.Action>
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	)
}
