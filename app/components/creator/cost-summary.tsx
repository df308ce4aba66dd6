import { Badge, Flex, Text } from '@radix-ui/themes'
import { Coins } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { CreatorModel } from '#modules/generation/index.ts'
import type { CostBreakdown } from '#modules/generation/costs.ts'
import '#locales/ns/creator.ts'

/** The cost accordion: the estimate and, opened, its text and image lines with model names. */
export function CostSummary({ cost, models, ownImage, balance }: { cost: CostBreakdown; models: { text: CreatorModel; image: CreatorModel }; ownImage: boolean; balance: number }) {
	const { t } = useTranslation('creator')
	return (
		<details data-testid="cost-summary" style={{ border: '1px solid var(--gray-6)', borderRadius: 12, padding: '10px 14px' }}>
			<summary style={{ cursor: 'pointer' }}>
				<Flex as="span" display="inline-flex" gap="2" align="center">
					<Coins size={16} aria-hidden />
					<Text weight="medium" data-testid="cost-total" data-cost={cost.total}>
						{t('cost.summary', { count: cost.total })}
					</Text>
				</Flex>
			</summary>
			<Flex direction="column" gap="2" mt="3">
				<CostLine
					label={t('cost.text')}
					detail={t('cost.runs', { runs: cost.textRuns, model: models.text.name })}
					credits={cost.textCost}
					testMode={models.text.testMode}
					testId="cost-text"
				/>
				{ownImage ? (
					<CostLine label={t('cost.images')} detail={t('cost.ownImage')} credits={0} testMode={false} testId="cost-images" />
				) : (
					<CostLine
						label={t('cost.images')}
						detail={t('cost.runs', { runs: cost.imageRuns, model: models.image.name })}
						credits={cost.imageCost}
						testMode={models.image.testMode}
						testId="cost-images"
					/>
				)}
				<Flex justify="between" pt="2" style={{ borderTop: '1px solid var(--gray-5)' }}>
					<Text size="2" color="gray">
						{t('cost.balance')}
					</Text>
					<Text size="2">{t('cost.credits', { count: balance })}</Text>
				</Flex>
			</Flex>
		</details>
	)
}

function CostLine({ label, detail, credits, testMode, testId }: { label: string; detail: string; credits: number; testMode: boolean; testId: string }) {
	const { t } = useTranslation('creator')
	return (
		<Flex justify="between" align="center" gap="3" data-testid={testId}>
			<Flex direction="column">
				<Text size="2" weight="medium">
					{label}
				</Text>
				<Flex gap="2" align="center">
					<Text size="1" color="gray">
						{detail}
					</Text>
					{testMode ? (
						<Badge color="amber" variant="soft" size="1">
							{t('cost.testMode')}
						</Badge>
					) : null}
				</Flex>
			</Flex>
			<Text size="2">{t('cost.credits', { count: credits })}</Text>
		</Flex>
	)
}
