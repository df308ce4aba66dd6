import { Box, Button, Card, Flex, Text } from '@radix-ui/themes'
import { MessageSquarePlus, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { usePlatformName, usePlatforms } from '#app/utils/use-platforms.ts'
import { firstCommentOf, type FirstComment } from '#modules/content/first-comment.ts'
import type { Platform } from '#modules/content/platforms.ts'
import { FirstCommentBox } from './first-comment-box.tsx'
import { commentNotices, type CommentChannel } from './first-comment-checks.ts'
import '#locales/ns/posts.ts'

/** A network's own comment set (a string), or removed (undefined). */
function withOwn(own: Partial<Record<Platform, string>>, platform: Platform, text: string | undefined): Partial<Record<Platform, string>> {
	if (text !== undefined) return { ...own, [platform]: text }
	return Object.fromEntries(Object.entries(own).filter(([p]) => p !== platform))
}

/**
 * The editor's 'Erster Kommentar' (ADR 0062): one for all networks, and with several networks a
 * comment of its own per network (a collapsed button until it gets one, like a channel's own text).
 * Counted against the strictest limit of the networks it goes to; the preflight's notices name each
 * network or channel that would refuse it. Sent as `firstComment.*` with `firstCommentShown` (the
 * field's value replaces the stored comment, also when emptied); a channel's own comment (API, MCP)
 * goes along untouched.
 */
export function FirstCommentField({ initial, networks, channels }: { initial: FirstComment | undefined; networks: ReadonlyArray<Platform>; channels: ReadonlyArray<CommentChannel> }) {
	const { t } = useTranslation('posts')
	const platformName = usePlatformName()
	const registered = usePlatforms()
	// With one network, its comment is the one field (a network's own comment from the API shows there).
	const [base, setBase] = useState(() => (networks.length === 1 ? (firstCommentOf(initial, networks[0]!) ?? '') : (initial?.base ?? '')))
	const [own, setOwn] = useState<Partial<Record<Platform, string>>>(() => (networks.length === 1 ? {} : (initial?.platforms ?? {})))
	const shown = registered.filter((d) => networks.includes(d.id))
	const several = shown.length > 1
	const commentOf = (platform: Platform) => (several ? (own[platform] ?? base) : base)
	const notices = commentNotices(shown, commentOf, channels)
	return (
		<Card data-testid="editor-first-comment">
			<Flex direction="column" gap="3">
				<input type="hidden" name="firstCommentShown" value="1" />
				{Object.entries(initial?.channels ?? {}).map(([id, text]) => (
					<input key={id} type="hidden" name={`firstComment.channels.${id}`} value={text} />
				))}
				<FirstCommentBox
					id="first-comment-base"
					name="firstComment.base"
					label={several ? t('firstComment.forAll') : t('firstComment.label')}
					value={base}
					onChange={setBase}
					descriptors={several ? shown.filter((d) => own[d.id] === undefined) : shown}
					notices={several ? notices.filter((n) => own[n.platform] === undefined) : notices}
				>
					<Text size="1" color="gray">
						{t('firstComment.hint')}
					</Text>
				</FirstCommentBox>
				{several
					? shown.map((descriptor) => {
							const platform = descriptor.id
							const name = platformName(platform)
							const text = own[platform]
							if (text === undefined)
								return (
									<Button key={platform} type="button" variant="ghost" style={{ alignSelf: 'flex-start', margin: 0 }} aria-expanded={false} onClick={() => setOwn((o) => withOwn(o, platform, base))}>
										<MessageSquarePlus size={14} aria-hidden /> {t('firstComment.own', { platform: name })}
									</Button>
								)
							return (
								<Box key={platform} style={{ borderLeft: '3px solid var(--accent-6)', paddingLeft: 'var(--space-3)' }}>
									<FirstCommentBox
										id={`first-comment-${platform}`}
										name={`firstComment.platforms.${platform}`}
										label={t('firstComment.ownLabel', { platform: name })}
										value={text}
										onChange={(value) => setOwn((o) => withOwn(o, platform, value))}
										descriptors={[descriptor]}
										notices={notices.filter((n) => n.platform === platform)}
									>
										<Button type="button" size="2" variant="soft" color="gray" style={{ alignSelf: 'flex-start' }} aria-label={t('firstComment.ownRemoveFor', { platform: name })} onClick={() => setOwn((o) => withOwn(o, platform, undefined))}>
											<X size={14} aria-hidden /> {t('firstComment.ownRemove')}
										</Button>
									</FirstCommentBox>
								</Box>
							)
						})
					: null}
			</Flex>
		</Card>
	)
}
