import { Button } from '@radix-ui/themes'
import { CalendarCheck, CalendarClock, ExternalLink, Pencil, Send, Trash2, X } from 'lucide-react'
import { Link } from 'react-router'
import { IconSprite, SpriteIcon } from '#app/components/icon-sprite.tsx'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import { ChannelNames } from '#app/components/channel-names.tsx'
import { formatDateTime } from '#app/utils/format.ts'
import { truncate } from '#modules/content/post-content.ts'
import type { DeliveryState } from '#modules/publishing/index.ts'
import type { BoardItem } from './board-items.ts'
import { DeliveryList, outcomeColors, outcomeOf } from './delivery-list.tsx'
import { AiBadge } from './ai-badge.tsx'
import { OriginBadge } from './origin-badge.tsx'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import '#locales/ns/posts.ts'

const statusColors = { draft: 'gray', scheduled: 'indigo', published: 'green', review: 'amber' } as const

// The board renders up to 60 cards per page (more with 'Weitere anzeigen'): the card is plain elements
// with the classes Radix Themes' Card, Flex, Text, Badge and IconButton would render (their prop
// extraction was the largest cost of the page on the server), and the icons come from one sprite. The
// icon buttons are named by their `title` (also their tooltip; an aria-label repeating it only added bytes).
const iconButton = 'rt-reset rt-BaseButton rt-r-size-1 rt-variant-soft rt-IconButton'
const icons = { 'pw-card-edit': Pencil, 'pw-card-schedule': CalendarClock, 'pw-card-publish': Send, 'pw-card-open': ExternalLink, 'pw-card-delete': Trash2 }

/** The icons of the cards' actions, once per page. */
export function PostCardIcons() {
	return <IconSprite icons={icons} />
}

export type CardActions = {
	onEdit: (item: BoardItem) => void
	onSchedule: (item: BoardItem) => void
	onDelete: (item: BoardItem) => void
	/** 'Verwerfen' on a review proposal: deleted after its own confirmation. */
	onDiscard: (item: BoardItem) => void
	onPublish: (item: BoardItem) => void
	publishing: boolean
}

export function PostCard({ item, timeZone, actions, deliveries = [] }: { item: BoardItem; timeZone: string; actions: CardActions; deliveries?: Array<DeliveryState> }) {
	const t = useFixedT('posts')
	const dateLine =
		item.status === 'scheduled' && item.scheduledAt
			? t('dates.scheduled', { date: formatDateTime(item.scheduledAt, timeZone, 'EEEE, dd.MM.yyyy HH:mm') })
			: item.status === 'published' && item.publishedAt
				? t('dates.published', { date: formatDateTime(item.publishedAt, timeZone, 'dd.MM.yyyy HH:mm') })
				: t('dates.updated', { date: formatDateTime(item.updatedAt, timeZone, 'dd.MM.yyyy HH:mm') })
	const creatorLink = `/create-post?${item.kind}=${item.id}`
	const outcome = outcomeOf(deliveries)
	return (
		<article data-testid="post-card" data-id={item.id} data-status={item.status} aria-label={item.title} className="rt-reset rt-BaseCard rt-Card rt-r-size-1 rt-variant-surface">
			<div className="rt-Flex rt-r-fd-column rt-r-gap-2">
				<div className="rt-Flex rt-r-ai-center rt-r-gap-2">
					<PlatformMark platform={item.platform} />
					<span data-accent-color={outcome ? outcomeColors[outcome] : statusColors[item.status]} data-testid="post-status" className="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">
						{outcome ? t(`outcome.${outcome}`) : t(`status.${item.status}`)}
					</span>
					<OriginBadge origin={item.origin} />
					{item.aiLabelled ? <AiBadge /> : null}
				</div>
				<ChannelNames channels={item.channels} />
				<div className="rt-Text rt-r-size-3 rt-r-weight-bold">{item.title}</div>
				{item.text ? (
					<p data-accent-color="gray" className="rt-Text rt-r-size-2" style={{ margin: 0 }}>
						{truncate(item.text, 120)}
					</p>
				) : null}
				{item.imageUrl ? <img src={item.imageUrl} alt="" loading="lazy" style={{ width: '100%', borderRadius: 8, maxHeight: 160, objectFit: 'cover' }} /> : null}
				<span data-accent-color="gray" className="rt-Text rt-r-size-1">
					{dateLine}
				</span>
				{deliveries.length > 1 || deliveries.some((d) => d.status !== 'scheduled') ? <DeliveryList deliveries={deliveries} item={item} actions={actions} creatorLink={creatorLink} /> : null}
				{item.status === 'review' ? (
					<div className="rt-Flex rt-r-fd-column rt-r-gap-2">
						<span data-accent-color="amber" className="rt-Text rt-r-size-1">
							{t('reviewHint')}
						</span>
						<div className="rt-Flex rt-r-fw-wrap rt-r-gap-2">
							<Button size="1" color="green" onClick={() => actions.onSchedule(item)}>
								<CalendarCheck size={14} /> {t('actions.approve')}
							</Button>
							<Button size="1" variant="soft" color="red" onClick={() => actions.onDiscard(item)}>
								<X size={14} /> {t('actions.discard')}
							</Button>
						</div>
					</div>
				) : null}
				<div className="rt-Flex rt-r-fw-wrap rt-r-gap-2">
					{item.status !== 'published' ? (
						<>
							<button data-accent-color="" className={iconButton} title={t('actions.edit')} onClick={() => actions.onEdit(item)}>
								<SpriteIcon id="pw-card-edit" size={14} />
							</button>
							<button data-accent-color="" className={iconButton} title={t('actions.schedule')} onClick={() => actions.onSchedule(item)}>
								<SpriteIcon id="pw-card-schedule" size={14} />
							</button>
							<button
								data-accent-color="green"
								className={iconButton}
								title={t('actions.publishNow')}
								disabled={actions.publishing}
								data-disabled={actions.publishing || undefined}
								onClick={() => actions.onPublish(item)}
							>
								<SpriteIcon id="pw-card-publish" size={14} />
							</button>
						</>
					) : null}
					<Link to={creatorLink} data-accent-color="" className={iconButton} title={t('actions.openInCreator')}>
						<SpriteIcon id="pw-card-open" size={14} />
					</Link>
					<button data-accent-color="red" className={iconButton} title={t('actions.delete')} onClick={() => actions.onDelete(item)}>
						<SpriteIcon id="pw-card-delete" size={14} />
					</button>
				</div>
			</div>
		</article>
	)
}
