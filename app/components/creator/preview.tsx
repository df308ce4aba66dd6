import { Button } from '@radix-ui/themes'
import type { ChannelView } from '#modules/publishing/index.ts'
import { Badge, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { CalendarClock, ImageMinus, ImageOff, Pencil, RefreshCw, Save, Send, Trash } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { PlatformTextCard } from '#app/components/posts/platform-text-card.tsx'
import { CreatorVideo } from './creator-video.tsx'
import { FirstCommentInput } from './first-comment-input.tsx'
import type { Platform } from '#modules/content/platforms.ts'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import '#locales/ns/creator.ts'
import '#locales/ns/posts.ts'

type Props = {
	platforms: Array<Platform>
	/** The chosen channels (`chosen`), else all the user's channels (each network's default shows its state). */
	pages: Array<ChannelView>
	chosen: boolean
	content: Partial<Record<Platform, string>>
	/** The chosen channels' texts of their own (a network with two or more chosen channels offers them). */
	channelTexts: Record<string, string>
	/** The first comment per platform (ADR 0062). */
	firstComments: Partial<Record<Platform, string>>
	images: Partial<Record<Platform, string>>
	/** A model test's video (ADR 0068): the post's media for every network, shown with its processing instead of images. */
	video: string | null
	regenerationCost: number
	regenerating: Platform | null
	busy: boolean
	onText: (platform: Platform, text: string) => void
	/** A channel's own text changed; undefined: removed (it takes its network's text). */
	onChannelText: (channelId: string, text: string | undefined) => void
	onFirstComment: (platform: Platform, text: string) => void
	onRegenerate: (platform: Platform) => void
	/** This network's variant goes out without an image (the others keep theirs). */
	onRemoveImage: (platform: Platform) => void
	onPublish: () => void
	onSchedule: () => void
	onSaveDraft: () => void
	onDelete: () => void
	onEdit: () => void
}

/** Step 4: the editable text and image per platform, then publish, schedule, save or delete. */
export function Preview(props: Props) {
	const { t } = useTranslation('creator')
	const platformName = usePlatformName()
	const { busy } = props
	return (
		<Flex direction="column" gap="4">
			<Flex justify="between" align="center" gap="3" wrap="wrap">
				<Heading as="h3" size="5">
					{t('preview.heading')}
				</Heading>
				<Button type="button" variant="soft" color="gray" onClick={props.onEdit} disabled={busy}>
					<Pencil size={16} aria-hidden /> {t('preview.edit')}
				</Button>
			</Flex>
			{props.video ? <CreatorVideo url={props.video} platforms={props.platforms} /> : null}
			{props.platforms.map((platform) => (
				<PlatformTextCard
					key={platform}
					platform={platform}
					text={props.content[platform] ?? ''}
					image={props.images[platform]}
					pages={props.pages.filter((p) => p.platform === platform)}
					showConnection={!props.chosen}
					onChange={(text) => props.onText(platform, text)}
					channelTexts={props.chosen ? { channels: props.pages.filter((p) => p.platform === platform), texts: props.channelTexts, onChange: props.onChannelText } : undefined}
				>
					{props.chosen ? <ChosenChannels channels={props.pages.filter((p) => p.platform === platform)} /> : null}
					<FirstCommentInput
						platform={platform}
						value={props.firstComments[platform] ?? ''}
						channels={props.chosen ? props.pages.filter((p) => p.platform === platform) : []}
						onChange={(text) => props.onFirstComment(platform, text)}
					/>
					{props.video ? null : (
						<Flex gap="3" align="center" wrap="wrap">
							{props.images[platform] ? null : (
								<Flex gap="2" align="center" data-testid="no-image">
									<ImageOff size={16} color="var(--gray-9)" aria-hidden />
									<Text size="2" color="gray">
										{t('preview.noImage')}
									</Text>
								</Flex>
							)}
							<Button
								type="button"
								size="1"
								variant="soft"
								onClick={() => props.onRegenerate(platform)}
								loading={props.regenerating === platform}
								disabled={props.regenerating !== null || busy}
								aria-label={t('preview.regenerateFor', { platform: platformName(platform), count: props.regenerationCost })}
							>
								<RefreshCw size={14} aria-hidden /> {t('preview.regenerate', { count: props.regenerationCost })}
							</Button>
							{props.images[platform] ? (
								<Button
									type="button"
									size="1"
									variant="soft"
									color="gray"
									onClick={() => props.onRemoveImage(platform)}
									disabled={props.regenerating !== null || busy}
									aria-label={t('preview.removeImageFor', { platform: platformName(platform) })}
								>
									<ImageMinus size={14} aria-hidden /> {t('preview.removeImage')}
								</Button>
							) : null}
						</Flex>
					)}
				</PlatformTextCard>
			))}
			<Flex gap="3" wrap="wrap" justify="end">
				<Button type="button" color="red" variant="soft" onClick={props.onDelete} disabled={busy}>
					<Trash size={16} aria-hidden /> {t('preview.delete')}
				</Button>
				<Button type="button" variant="soft" onClick={props.onSaveDraft} disabled={busy}>
					<Save size={16} aria-hidden /> {t('preview.saveDraft')}
				</Button>
				<Button type="button" variant="soft" onClick={props.onSchedule} disabled={busy}>
					<CalendarClock size={16} aria-hidden /> {t('preview.schedule')}
				</Button>
				<Button type="button" color="green" onClick={props.onPublish} disabled={busy}>
					<Send size={16} aria-hidden /> {t('preview.publish')}
				</Button>
			</Flex>
		</Flex>
	)
}

/** The channels a network's text goes to; one that needs reconnecting says so (planning refuses it). */
function ChosenChannels({ channels }: { channels: Array<ChannelView> }) {
	const { t } = useTranslation('creator')
	return (
		<Flex gap="2" align="center" wrap="wrap" data-testid="chosen-channels">
			<Text size="2" color="gray">
				{t('preview.channels', { count: channels.length })}
			</Text>
			{channels.map((c) => (
				<Badge key={c.id} color={c.problem ? 'orange' : 'gray'} variant="soft" style={{ whiteSpace: 'normal' }}>
					{c.problem ? t('preview.channelReconnect', { channel: c.pageName }) : c.pageName}
				</Badge>
			))}
		</Flex>
	)
}
