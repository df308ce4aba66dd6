import { Flex, SegmentedControl, Text } from '@radix-ui/themes'
import { useId, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { AI_LABELS, type AiLabel } from '#modules/content/platforms.ts'
import '#locales/ns/posts.ts'
import './posts-page.css'

/** The post's 'KI-Kennzeichnung' (ADR 0062): 'Automatisch', 'An' or 'Aus', sent as `aiLabel` with the editor's save. */
export function AiLabelControl({ initial }: { initial: AiLabel }) {
	const { t } = useTranslation('posts')
	const [label, setLabel] = useState<AiLabel>(initial)
	const labelId = useId()
	return (
		<Flex direction="column" gap="1" data-testid="editor-ai-label">
			<Text as="div" size="2" weight="medium" id={labelId}>
				{t('aiLabel.label')}
			</Text>
			<input type="hidden" name="aiLabel" value={label} />
			<SegmentedControl.Root className="ai-label-control" value={label} onValueChange={(value) => setLabel(value as AiLabel)} aria-labelledby={labelId} style={{ alignSelf: 'flex-start' }}>
				{AI_LABELS.map((value) => (
					<SegmentedControl.Item key={value} value={value}>
						{t(`aiLabel.${value}`)}
					</SegmentedControl.Item>
				))}
			</SegmentedControl.Root>
			<Text size="1" color="gray">
				{t('aiLabel.hint')}
			</Text>
		</Flex>
	)
}
