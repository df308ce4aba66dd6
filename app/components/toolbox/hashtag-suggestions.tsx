import { Button } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { Hash, Plus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link, useFetcher } from 'react-router'
import type { action as hashtagAction, loader as hashtagLoader } from '#app/routes/api.hashtags.ts'
import '#locales/ns/toolbox.ts'

/** Appends a hashtag: on the last line when it already holds hashtags, else on a new paragraph. */
export function appendHashtag(text: string, tag: string) {
	const trimmed = text.replace(/\s+$/, '')
	if (!trimmed) return tag
	const lastLine = trimmed.split('\n').at(-1) ?? ''
	return /^\s*#/.test(lastLine) ? `${trimmed} ${tag}` : `${trimmed}\n\n${tag}`
}

/**
 * 'Hashtags vorschlagen' under an editable text (the hashtagOptimizer): shown when the tool is on
 * (asked once per page, shared by all cards), otherwise a small link to the toolbox. Chips append.
 */
export function HashtagSuggestions({ text, onAppend, label }: { text: string; onAppend: (tag: string) => void; label: string }) {
	const { t } = useTranslation('toolbox')
	const status = useFetcher<typeof hashtagLoader>({ key: 'hashtag-tool-status' })
	const suggester = useFetcher<typeof hashtagAction>()
	const [used, setUsed] = useState<Array<string>>([])
	const { load } = status
	const needsStatus = status.state === 'idle' && status.data === undefined
	useEffect(() => {
		if (needsStatus) void load('/api/hashtags')
	}, [needsStatus, load])

	if (!status.data) return null
	if (!status.data.enabled) {
		return (
			<Text size="1" color="gray">
				<Link to="/toolbox">{t('hashtags.enableHint')}</Link>
			</Text>
		)
	}
	const answer = suggester.state === 'idle' ? suggester.data : undefined
	const chips = (answer?.hashtags ?? []).filter((tag) => !used.includes(tag))
	return (
		<Flex direction="column" gap="2" data-testid="hashtag-suggestions">
			<Flex gap="2" align="center" wrap="wrap">
				<Button
					type="button"
					size="1"
					variant="soft"
					disabled={!text.trim()}
					loading={suggester.state !== 'idle'}
					aria-label={`${t('hashtags.suggest')} (${label})`}
					onClick={() => {
						setUsed([])
						void suggester.submit({ text }, { method: 'post', action: '/api/hashtags' })
					}}
				>
					<Hash size={14} aria-hidden /> {t('hashtags.suggest')}
				</Button>
				{answer && answer.ok && answer.hashtags.length === 0 ? (
					<Text size="1" color="gray">
						{t('hashtags.none')}
					</Text>
				) : null}
				{answer && !answer.ok ? (
					<Text size="1" color="red" role="alert">
						{t('hashtags.failed')}
					</Text>
				) : null}
			</Flex>
			{chips.length > 0 ? (
				<Flex gap="1" wrap="wrap">
					{chips.map((tag) => (
						<Button
							key={tag}
							type="button"
							size="1"
							variant="outline"
							radius="full"
							data-testid="hashtag-chip"
							aria-label={t('hashtags.add', { tag })}
							onClick={() => {
								setUsed((list) => [...list, tag])
								onAppend(tag)
							}}
						>
							<Plus size={12} aria-hidden />
							{tag}
						</Button>
					))}
				</Flex>
			) : null}
		</Flex>
	)
}
