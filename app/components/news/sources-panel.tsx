import { Badge, Button, Flex, IconButton, Text, TextField } from '@radix-ui/themes'
import { Plus, RotateCcw, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestId } from '#app/components/use-request-id.ts'
import { MAX_FEEDS, MAX_FEED_URL_LENGTH, feedLabel, normaliseFeedUrl } from '#modules/news/feeds.ts'
import type { NewsReply } from './types.ts'
import '#locales/ns/news.ts'

/** 'Quellen': the user's feeds, add and remove, back to the defaults. Saved at once on the server. */
export function SourcesPanel({ feeds, customFeeds }: { feeds: Array<string>; customFeeds: boolean }) {
	const { t } = useTranslation('news')
	const fetcher = useFetcher<NewsReply>()
	const [draft, setDraft] = useState('')
	const [lastSubmitted, setLastSubmitted] = useState<string | null>(null)
	useFetcherNotice(fetcher)
	// Adding a source once per request id: a double submit or a retry adds it once.
	const requestId = useRequestId(fetcher.data)
	const busy = fetcher.state !== 'idle'
	const valid = normaliseFeedUrl(draft) !== null
	const serverError = fetcher.data && !fetcher.data.ok && fetcher.data.errors?.url ? fetcher.data.errors.url : null
	// The draft is cleared once the server accepted it.
	if (lastSubmitted !== null && fetcher.state === 'idle' && fetcher.data?.ok) {
		setLastSubmitted(null)
		setDraft('')
	}

	return (
		<Flex direction="column" gap="2" data-testid="news-sources">
			<Flex align="center" gap="2" wrap="wrap">
				<Text weight="medium" size="2">
					{t('sources.title')}
				</Text>
				<Badge color={customFeeds ? 'blue' : 'gray'}>{customFeeds ? t('sources.custom') : t('sources.defaults')}</Badge>
			</Flex>
			<Text size="1" color="gray">
				{t('sources.description', { max: MAX_FEEDS })}
			</Text>
			{feeds.length === 0 ? (
				<Text size="2" color="gray">
					{t('sources.empty')}
				</Text>
			) : (
				<Flex direction="column" gap="1" asChild>
					<ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
						{feeds.map((url) => (
							<li key={url} data-testid="news-source">
								<Flex gap="2" align="center">
									<fetcher.Form method="post" action="/news" style={{ display: 'contents' }}>
										<input type="hidden" name="intent" value="remove-feed" />
										<input type="hidden" name="url" value={url} />
										<IconButton type="submit" size="1" variant="ghost" color="gray" disabled={busy} aria-label={t('sources.remove', { name: url })}>
											<X size={12} />
										</IconButton>
									</fetcher.Form>
									<Text size="2" weight="medium">
										{feedLabel(url)}
									</Text>
									<Text size="1" color="gray" truncate>
										{url}
									</Text>
								</Flex>
							</li>
						))}
					</ul>
				</Flex>
			)}
			<fetcher.Form method="post" action="/news" onSubmit={() => setLastSubmitted(draft)}>
				<input type="hidden" name="intent" value="add-feed" />
				<input type="hidden" name="requestId" value={requestId} />
				<Flex gap="2" align="start" wrap="wrap">
					<TextField.Root
						name="url"
						value={draft}
						onChange={(event) => setDraft(event.target.value)}
						maxLength={MAX_FEED_URL_LENGTH}
						type="url"
						placeholder={t('sources.urlPlaceholder')}
						aria-label={t('sources.urlLabel')}
						aria-invalid={serverError ? true : undefined}
						style={{ flex: 1, minWidth: 240 }}
					/>
					<Button type="submit" variant="soft" disabled={!valid || busy || !requestId || feeds.length >= MAX_FEEDS}>
						<Plus size={14} /> {t('sources.add')}
					</Button>
				</Flex>
				{serverError ? (
					<Text size="1" color="red" role="alert">
						{t(serverError as 'sources.errors.invalidUrl')}
					</Text>
				) : null}
			</fetcher.Form>
			{customFeeds ? (
				<fetcher.Form method="post" action="/news">
					<input type="hidden" name="intent" value="reset-feeds" />
					<Button type="submit" variant="ghost" size="1" disabled={busy}>
						<RotateCcw size={12} /> {t('sources.reset')}
					</Button>
				</fetcher.Form>
			) : null}
		</Flex>
	)
}
