import { Badge, Card, Flex, Text, TextArea } from '@radix-ui/themes'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import { appendHashtag, HashtagSuggestions } from '#app/components/toolbox/hashtag-suggestions.tsx'
import type { Platform } from '#modules/content/platforms.ts'
import { imageTypeOfUrl } from '#modules/publishing/preflight.ts'
import type { ChannelView } from '#modules/publishing/index.ts'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import { ChannelTexts, type TextChannel } from './channel-texts.tsx'
import { PreflightBadges, TextCounter, useTextChecks } from './text-checks.tsx'
import '#locales/ns/posts.ts'
import '#locales/ns/publishing.ts'

/**
 * One platform's text in the editor: text, counter against the network's limit in its own counting,
 * the network's rules as badges (the preflight: red where the network would refuse, amber where
 * planning asks first; planning checks them again), image.
 */
export function PlatformTextCard({
	platform,
	text,
	image,
	pages,
	pagesNote,
	pageId,
	showConnection = false,
	onChange,
	channelTexts,
	children,
}: {
	platform: Platform
	text: string
	image?: string
	pages: Array<ChannelView>
	/** The pages are not there (loading, or their load failed): no connection badge is shown. */
	pagesNote?: string
	/** The chosen page of the network (else its default page): its connection problem is the badge's. */
	pageId?: string
	/** The chosen page's connection problem as a badge. */
	showConnection?: boolean
	/** Controlled use (the post creator): `text` is the value and every edit is reported here. */
	onChange?: (text: string) => void
	/** The network's chosen channels that may get a text of their own (two or more chosen), their texts, and the edits. */
	channelTexts?: { channels: ReadonlyArray<TextChannel>; texts: Readonly<Record<string, string>>; onChange: (channelId: string, text: string | undefined) => void }
	/** Shown below the text and image (e.g. the creator's image actions). */
	children?: React.ReactNode
}) {
	const { t } = useTranslation(['posts', 'publishing'])
	const platformName = usePlatformName()
	const [local, setLocal] = useState(text)
	const value = onChange ? text : local
	const setValue = onChange ?? setLocal
	// The chosen page, else the default one (also when the pages arrive after the first render).
	const page = pageId ?? pages.find((p) => p.isDefault)?.id
	// The image's size as the browser draws it (its file type from its name; the server reads the stored file).
	const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null)
	const known = size && size.src === image ? size : null
	// An image of ours (/media/) is made to the network's rules when it is sent (ADR 0065): not a problem here.
	const facts = image ? { type: imageTypeOfUrl(image), width: known?.width ?? null, height: known?.height ?? null, bytes: null, convertible: image.startsWith('/media/') } : null
	const checks = useTextChecks(platform, value, facts)
	const { over } = checks
	const label = platformName(platform)
	// The chosen page's connection (planning later is fine while it is being renewed; publishing now is not).
	const connection = pagesNote === undefined && showConnection ? (pages.length === 0 ? 'not_connected' : (pages.find((p) => p.id === page)?.problem ?? null)) : null
	return (
		<Card data-testid={`editor-${platform}`}>
			<Flex direction="column" gap="2">
				<Flex justify="between" align="center" gap="2" wrap="wrap">
					<Flex gap="2" align="center">
						<PlatformMark platform={platform} />
						<Text weight="bold">{label}</Text>
					</Flex>
				</Flex>
				<TextArea
					name={`texts.${platform}`}
					aria-label={t('editor.text', { platform: label })}
					value={value}
					onChange={(e) => setValue(e.currentTarget.value)}
					rows={6}
					resize="vertical"
					color={over ? 'red' : undefined}
				/>
				<TextCounter checks={checks} />
				{connection ? (
					<Badge color={connection === 'scope_missing' ? 'red' : 'amber'} data-testid={`account-${connection}`} style={{ whiteSpace: 'normal' }}>
						{t(`publishing:accountCheck.${connection}` as 'publishing:accountCheck.not_connected', { platform: label })}
					</Badge>
				) : null}
				<PreflightBadges checks={checks} />
				<HashtagSuggestions text={value} label={label} onAppend={(tag) => setValue(appendHashtag(value, tag))} />
				{image ? (
					<>
						<img
							src={image}
							alt={`${t('editor.image')} ${label}`}
							onLoad={(e) => setSize({ src: image, width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
							style={{ alignSelf: 'flex-start', width: 'auto', maxWidth: '100%', maxHeight: 240, borderRadius: 8 }}
						/>
						<input type="hidden" name={`images.${platform}`} value={image} />
					</>
				) : null}
				{children}
				{channelTexts && channelTexts.channels.length > 1 ? <ChannelTexts platform={platform} networkText={value} image={facts} {...channelTexts} /> : null}
			</Flex>
		</Card>
	)
}
