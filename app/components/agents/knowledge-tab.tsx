import { IconButton } from '@radix-ui/themes'
import { Badge, Flex, Text } from '#app/components/ui/lean.tsx'
import { X } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { agentLimits } from '#modules/agents/schema.ts'
import { KNOWLEDGE_BUDGET } from '#modules/agents/knowledge.ts'
import { formatNumber } from '#app/utils/format.ts'
import type { Draft, UpdateDraft } from './draft.ts'
import { TextAreaField } from './fields.tsx'
import { ListInput } from './list-input.tsx'
import '#locales/ns/agents.ts'

export function KnowledgeTab({ draft, update }: { draft: Draft; update: UpdateDraft }) {
	const { t } = useTranslation('agents')
	const listId = useId()
	return (
		<Flex direction="column" gap="5">
			<TextAreaField
				label={t('knowledge.text')}
				value={draft.knowledgeBase}
				onChange={(value) => update('knowledgeBase', value)}
				max={agentLimits.knowledgeMax}
				rows={8}
				placeholder={t('knowledge.textPlaceholder')}
				counter={t('knowledge.counter', { count: draft.knowledgeBase.length, max: agentLimits.knowledgeMax })}
			/>
			<Text size="2" color="gray" data-testid="knowledge-budget">
				{t('knowledge.budget', { budget: formatNumber(KNOWLEDGE_BUDGET) })}
			</Text>
			<Flex direction="column" gap="2">
				<Text id={listId} size="2" weight="medium">
					{t('knowledge.specialties')}
				</Text>
				{draft.specialties.length === 0 ? (
					<Text size="2" color="gray">
						{t('knowledge.noSpecialties')}
					</Text>
				) : (
					<Flex gap="2" wrap="wrap" role="list" aria-labelledby={listId} data-testid="specialties">
						{draft.specialties.map((specialty) => (
							<Badge key={specialty} role="listitem" size="2" variant="soft">
								{specialty}
								<IconButton
									size="1"
									variant="ghost"
									color="gray"
									aria-label={t('knowledge.removeSpecialty', { name: specialty })}
									onClick={() => update('specialties', draft.specialties.filter((s) => s !== specialty))}
								>
									<X size={12} aria-hidden />
								</IconButton>
							</Badge>
						))}
					</Flex>
				)}
				<ListInput
					kind="specialty"
					items={draft.specialties}
					onAdd={(specialty) => update('specialties', [...draft.specialties, specialty])}
					label={t('knowledge.specialtyLabel')}
					placeholder={t('knowledge.specialtyPlaceholder')}
				/>
			</Flex>
		</Flex>
	)
}
