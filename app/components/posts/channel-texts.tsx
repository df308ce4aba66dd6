import { Box, Button, Flex, Text, TextArea } from '@radix-ui/themes'
import { PenLine, X } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { Platform } from '#modules/content/platforms.ts'
import type { PreflightImage } from '#modules/publishing/preflight.ts'
import { PreflightBadges, TextCounter, useTextChecks } from './text-checks.tsx'
import '#locales/ns/posts.ts'

/** The texts with a channel's own text set, or removed (`text` undefined). */
export function withChannelText(texts: Readonly<Record<string, string>>, channelId: string, text: string | undefined): Record<string, string> {
	if (text !== undefined) return { ...texts, [channelId]: text }
	return Object.fromEntries(Object.entries(texts).filter(([id]) => id !== channelId))
}

/** A chosen channel that may get a text of its own. */
export type TextChannel = { id: string; pageName: string }

/**
 * The texts of their own for a network's chosen channels (issue 38): each channel is a collapsed
 * button until it gets one; opened, its text starts as the network's and is judged by the network's
 * rules; 'Eigenen Text entfernen' gives the channel its network's text again. `texts` holds only the
 * channels with a text of their own; `onChange(id, undefined)` removes one.
 */
export function ChannelTexts({
	platform,
	networkText,
	image,
	channels,
	texts,
	onChange,
}: {
	platform: Platform
	/** What an opened channel text starts with. */
	networkText: string
	image: PreflightImage | null
	channels: ReadonlyArray<TextChannel>
	texts: Readonly<Record<string, string>>
	onChange: (channelId: string, text: string | undefined) => void
}) {
	const { t } = useTranslation('posts')
	return (
		<Flex direction="column" gap="2" data-testid={`channel-texts-${platform}`}>
			{channels.map((channel) =>
				texts[channel.id] === undefined ? (
					<Button key={channel.id} type="button" variant="ghost" style={{ alignSelf: 'flex-start', margin: 0 }} aria-expanded={false} onClick={() => onChange(channel.id, networkText)}>
						<PenLine size={14} aria-hidden /> {t('editor.channelText', { channel: channel.pageName })}
					</Button>
				) : (
					<ChannelText key={channel.id} platform={platform} channel={channel} value={texts[channel.id]!} image={image} onChange={(text) => onChange(channel.id, text)} />
				),
			)}
		</Flex>
	)
}

function ChannelText({ platform, channel, value, image, onChange }: { platform: Platform; channel: TextChannel; value: string; image: PreflightImage | null; onChange: (text: string | undefined) => void }) {
	const { t } = useTranslation('posts')
	const checks = useTextChecks(platform, value, image, true)
	return (
		<Box data-testid={`channel-text-${channel.id}`} style={{ borderLeft: '3px solid var(--accent-6)', paddingLeft: 'var(--space-3)' }}>
			<Flex direction="column" gap="2">
				<Text as="label" size="2" weight="medium" htmlFor={`channel-text-${channel.id}`}>
					{t('editor.channelTextLabel', { channel: channel.pageName })}
				</Text>
				<TextArea
					id={`channel-text-${channel.id}`}
					name={`channelTexts.${channel.id}`}
					value={value}
					onChange={(e) => onChange(e.currentTarget.value)}
					rows={4}
					resize="vertical"
					color={checks.over ? 'red' : undefined}
				/>
				<TextCounter checks={checks} />
				<PreflightBadges checks={checks} />
				<Button type="button" size="2" variant="soft" color="gray" style={{ alignSelf: 'flex-start' }} aria-label={t('editor.channelTextRemoveFor', { channel: channel.pageName })} onClick={() => onChange(undefined)}>
					<X size={14} aria-hidden /> {t('editor.channelTextRemove')}
				</Button>
			</Flex>
		</Box>
	)
}
