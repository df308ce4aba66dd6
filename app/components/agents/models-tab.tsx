import { Button } from '@radix-ui/themes'
import { Card, Flex, Grid, Text } from '#app/components/ui/lean.tsx'
import { Film, Image, MessageSquareText } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import type { AgentPreset } from '#modules/agents/types.ts'
import type { ModelNames } from './draft.ts'
import '#locales/ns/agents.ts'

/** The agent's models, each with a link to its gallery tab. */
export function ModelsTab({ preset, models }: { preset: AgentPreset; models: ModelNames }) {
	const { t } = useTranslation('agents')
	const rows = [
		{ type: 'language', label: t('models.language'), modelId: preset.languageModel, Icon: MessageSquareText },
		{ type: 'image', label: t('models.image'), modelId: preset.imageModel, Icon: Image },
		{ type: 'video', label: t('models.video'), modelId: preset.videoModel, Icon: Film },
	] as const
	return (
		<Flex direction="column" gap="3">
			<Text color="gray" size="2">
				{t('models.intro')}
			</Text>
			<Grid columns={{ initial: '1', sm: '3' }} gap="3">
				{rows.map(({ type, label, modelId, Icon }) => (
					<Card key={type} data-testid={`model-${type}`}>
						<Flex direction="column" gap="2">
							<Flex align="center" gap="2">
								<Icon size={16} aria-hidden />
								<Text size="2" color="gray">
									{label}
								</Text>
							</Flex>
							<Text weight="bold">{models[modelId] ?? modelId}</Text>
							<Button variant="soft" size="1" asChild>
								<Link to={`/test-models?tab=${type}`}>{t('models.browse')}</Link>
							</Button>
						</Flex>
					</Card>
				))}
			</Grid>
		</Flex>
	)
}
