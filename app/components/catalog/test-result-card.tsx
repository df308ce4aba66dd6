import { Badge, Button, Callout, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { AlertTriangle, Send } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import type { ModelTestView } from '#modules/generation/index.ts'
import { postNowUrl, videoPostUrl } from './format.ts'
import '#locales/ns/catalog.ts'

/** One model's result: waiting, running, then the text, the image (with 'Jetzt posten') or the video. */
export function TestResultCard({ test, prompt }: { test: ModelTestView; prompt: string }) {
	const { t } = useTranslation('catalog')
	const open = test.status === 'pending' || test.status === 'running'
	return (
		<Card size="2" data-testid="test-result" data-status={test.status} data-model-id={test.modelId} asChild>
			<section aria-label={test.modelName}>
				<Flex direction="column" gap="3">
					<Flex justify="between" align="center" gap="2" wrap="wrap">
						<Heading as="h3" size="3">
							{test.modelName}
						</Heading>
						<Badge color={test.status === 'failed' ? 'red' : open ? 'gray' : 'green'} variant="soft">
							{test.status === 'failed' ? t('test.refunded') : t('test.charged', { count: test.creditsCost })}
						</Badge>
					</Flex>
					{open ? (
						<Flex gap="2" align="center" role="status">
							<Spinner />
							<Text size="2" color="gray">
								{test.status === 'pending' ? t('test.pending') : t('test.running')}
							</Text>
						</Flex>
					) : null}
					{test.status === 'failed' ? (
						<Callout.Root color="red" size="1">
							<Callout.Icon>
								<AlertTriangle size={16} />
							</Callout.Icon>
							<Callout.Text data-testid="test-error">{test.error ?? t('test.errorText')}</Callout.Text>
						</Callout.Root>
					) : null}
					{test.result?.type === 'text' ? (
						<Text as="p" size="2" style={{ whiteSpace: 'pre-wrap' }} data-testid="result-text">
							{test.result.content}
						</Text>
					) : null}
					{test.result?.type === 'image' ? (
						<Flex direction="column" gap="2">
							<img src={test.result.content} alt={t('test.imageAlt', { name: test.modelName })} style={{ width: '100%', borderRadius: 8, display: 'block' }} />
							<Button asChild>
								<Link to={postNowUrl({ imageUrl: test.result.content, prompt, modelName: test.modelName })}>
									<Send size={16} aria-hidden />
									{t('test.postNow')}
								</Link>
							</Button>
						</Flex>
					) : null}
					{test.result?.type === 'video' ? (
						<Flex direction="column" gap="2">
							<video src={test.result.content} controls playsInline aria-label={t('test.videoLabel', { name: test.modelName })} style={{ width: '100%', borderRadius: 8 }} />
							<Button asChild>
								<Link to={videoPostUrl({ videoUrl: test.result.content, prompt, modelName: test.modelName })}>
									<Send size={16} aria-hidden />
									{t('test.useAsPost')}
								</Link>
							</Button>
						</Flex>
					) : null}
				</Flex>
			</section>
		</Card>
	)
}
