import { Button } from '@radix-ui/themes'
import { Card, Flex, Text } from '#app/components/ui/lean.tsx'
import { ArrowLeft, ClipboardPaste, Sparkles } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { Platform } from '#modules/content/platforms.ts'
import type { CostBreakdown } from '#modules/generation/costs.ts'
import type { CreatorAgent, CreatorModel } from '#modules/generation/index.ts'
import type { GenerationErrorCode, GenerationStep } from '#modules/generation/outcome.ts'
import { AgentPicker } from './agent-picker.tsx'
import { CostSummary } from './cost-summary.tsx'
import { InsufficientCredits } from './credit-notices.tsx'
import { GenerationProgress } from './generation-progress.tsx'
import { Targets, type TargetChoice } from './targets.tsx'
import '#locales/ns/creator.ts'

/** Reading the video or article failed: its text can be pasted instead. */
const PASTE_INSTEAD: ReadonlyArray<GenerationErrorCode> = ['youtube_unavailable', 'article_unreachable', 'article_empty', 'article_blocked']

type Props = {
	platforms: Array<Platform>
	onPlatforms: (platforms: Array<Platform>) => void
	target: TargetChoice
	agents: Array<CreatorAgent>
	agentId: string
	onAgent: (agentId: string) => void
	cost: CostBreakdown
	models: { text: CreatorModel; image: CreatorModel }
	ownImage: boolean
	balance: number
	generating: boolean
	step: GenerationStep | null
	insufficient: boolean
	error: { title: string; message: string; code: GenerationErrorCode } | null
	/** The video or article could not be read: back to the input step with a field for its text. */
	onPaste: () => void
	onBack: () => void
	onGenerate: () => void
}

/** Step 3: channels (or networks), agent and cost, then 'Bilder generieren & Vorschau' with the streamed progress. */
export function PlatformSelection(props: Props) {
	const { t } = useTranslation('creator')
	const { platforms, generating } = props
	return (
		<Card size="3">
			<Flex direction="column" gap="4">
				<Targets target={props.target} platforms={platforms} onPlatforms={props.onPlatforms} disabled={generating} />
				<AgentPicker agents={props.agents} value={props.agentId} onChange={props.onAgent} disabled={generating} />
				{platforms.length > 0 ? <CostSummary cost={props.cost} models={props.models} ownImage={props.ownImage} balance={props.balance} /> : null}
				{generating ? <GenerationProgress current={props.step} withImages={!props.ownImage} /> : null}
				{props.insufficient && !generating ? <InsufficientCredits /> : null}
				{props.error && !generating ? (
					<Flex direction="column" gap="2" align="start">
						<Text size="2" color="red" role="alert" data-testid="generation-error">
							<strong>{props.error.title}:</strong> {props.error.message}
						</Text>
						{PASTE_INSTEAD.includes(props.error.code) ? (
							<Button type="button" variant="soft" size="2" onClick={props.onPaste}>
								<ClipboardPaste size={16} aria-hidden /> {t('paste.offer')}
							</Button>
						) : null}
					</Flex>
				) : null}
				<Flex justify="between" gap="3" wrap="wrap">
					<Button type="button" variant="soft" color="gray" onClick={props.onBack} disabled={generating}>
						<ArrowLeft size={16} aria-hidden /> {t('back')}
					</Button>
					<Button type="button" onClick={props.onGenerate} disabled={platforms.length === 0 || generating} loading={generating}>
						<Sparkles size={16} aria-hidden /> {t('generate')}
					</Button>
				</Flex>
				{platforms.length === 0 ? (
					<Text size="1" color="gray" align="right">
						{t(props.target.channels.length ? 'channels.required' : 'platforms.required')}
					</Text>
				) : null}
			</Flex>
		</Card>
	)
}
