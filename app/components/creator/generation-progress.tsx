import { Card, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes'
import { Circle, CircleCheck, LoaderCircle } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { GenerationStep } from '#modules/generation/outcome.ts'
import '#locales/ns/creator.ts'
import '#locales/ns/generation.ts'

const ORDER: Array<GenerationStep> = ['extracting', 'writing', 'images', 'saving']

/** The streamed steps of a generation as a checklist (done, under way, to come). */
export function GenerationProgress({ current, withImages }: { current: GenerationStep | null; withImages: boolean }) {
	const { t } = useTranslation('creator')
	const { t: tg } = useTranslation('generation')
	const steps = ORDER.filter((step) => withImages || step !== 'images')
	const at = current ? steps.indexOf(current) : -1
	return (
		<Card size="2" role="status" aria-live="polite" data-testid="generation-progress">
			<Flex direction="column" gap="3">
				<Heading as="h4" size="3">
					{t('progress.title')}
				</Heading>
				<Flex asChild direction="column" gap="2">
					<ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
						{steps.map((step, index) => {
							const state = index < at ? 'done' : index === at ? 'active' : 'pending'
							return (
								<Flex asChild key={step} gap="2" align="center">
									<li data-step={step} data-state={state}>
										{state === 'done' ? (
											<CircleCheck size={18} color="var(--green-10)" aria-hidden />
										) : state === 'active' ? (
											<LoaderCircle size={18} color="var(--accent-10)" aria-hidden className="creator-spin" />
										) : (
											<Circle size={18} color="var(--gray-8)" aria-hidden />
										)}
										<Text size="2" color={state === 'pending' ? 'gray' : undefined} weight={state === 'active' ? 'medium' : 'regular'}>
											{tg(`steps.${step}`)}
										</Text>
										<VisuallyHidden>{t(`progress.${state}`)}</VisuallyHidden>
									</li>
								</Flex>
							)
						})}
					</ul>
				</Flex>
			</Flex>
		</Card>
	)
}
