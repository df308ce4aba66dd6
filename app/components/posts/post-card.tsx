import { Badge, Button, Card, Flex, IconButton, Text } from '@radix-ui/themes'
import { CalendarCheck, CalendarClock, ExternalLink, Pencil, Send, Trash2, X } from 'lucide-react'
import { Link } from 'react-router'
import { PlatformMark } from '#app/components/platform-badge.tsx'
import { formatDateTime } from '#app/utils/format.ts'
import { truncate } from '#modules/content/post-content.ts'
import type { BoardItem } from './board-items.ts'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import '#locales/ns/posts.ts'

const statusColors = { draft: 'gray', scheduled: 'indigo', published: 'green', review: 'amber' } as const

export type CardActions = {
	onEdit: (item: BoardItem) => void
	onSchedule: (item: BoardItem) => void
	onDelete: (item: BoardItem) => void
	/** 'Verwerfen' on a review proposal: deleted after its own confirmation. */
	onDiscard: (item: BoardItem) => void
	onPublish: (item: BoardItem) => void
	publishing: boolean
}

export function PostCard({ item, timeZone, actions, links = [] }: { item: BoardItem; timeZone: string; actions: CardActions; links?: Array<{ platform: string; url: string }> }) {
	const t = useFixedT('posts')
	const dateLine =
		item.status === 'scheduled' && item.scheduledAt
			? t('dates.scheduled', { date: formatDateTime(item.scheduledAt, timeZone, 'EEEE, dd.MM.yyyy HH:mm') })
			: item.status === 'published' && item.publishedAt
				? t('dates.published', { date: formatDateTime(item.publishedAt, timeZone, 'dd.MM.yyyy HH:mm') })
				: t('dates.updated', { date: formatDateTime(item.updatedAt, timeZone, 'dd.MM.yyyy HH:mm') })
	const creatorLink = `/create-post?${item.kind}=${item.id}`
	return (
		<Card asChild>
			<article data-testid="post-card" data-id={item.id} data-status={item.status} aria-label={item.title}>
				<Flex direction="column" gap="2">
					<Flex justify="between" align="center" gap="2">
						<Flex gap="2" align="center">
							<PlatformMark platform={item.platform} />
							<Badge color={statusColors[item.status]}>{t(`status.${item.status}`)}</Badge>
						</Flex>
					</Flex>
					<Text as="div" weight="bold" size="3">
						{item.title}
					</Text>
					{item.text ? (
						<Text as="p" size="2" color="gray" style={{ margin: 0 }}>
							{truncate(item.text, 120)}
						</Text>
					) : null}
					{item.imageUrl ? <img src={item.imageUrl} alt="" loading="lazy" style={{ width: '100%', borderRadius: 8, maxHeight: 160, objectFit: 'cover' }} /> : null}
					<Text size="1" color="gray">
						{dateLine}
					</Text>
					{links.length ? (
						<Flex gap="3" wrap="wrap">
							{links.map((link) => (
								<a key={link.platform} href={link.url} target="_blank" rel="noopener noreferrer" style={{ fontSize: 13 }}>
									{t('publish.viewOn', { platform: t(`platforms.${link.platform as 'linkedin'}`) })}
								</a>
							))}
						</Flex>
					) : null}
					{item.status === 'review' ? (
						<Flex direction="column" gap="2">
							<Text size="1" color="amber">
								{t('reviewHint')}
							</Text>
							<Flex gap="2" wrap="wrap">
								<Button size="1" color="green" onClick={() => actions.onSchedule(item)}>
									<CalendarCheck size={14} /> {t('actions.approve')}
								</Button>
								<Button size="1" variant="soft" color="red" onClick={() => actions.onDiscard(item)}>
									<X size={14} /> {t('actions.discard')}
								</Button>
							</Flex>
						</Flex>
					) : null}
					<Flex gap="2" wrap="wrap">
						{item.status !== 'published' ? (
							<>
								<IconButton variant="soft" size="1" aria-label={t('actions.edit')} title={t('actions.edit')} onClick={() => actions.onEdit(item)}>
									<Pencil size={14} />
								</IconButton>
								<IconButton variant="soft" size="1" aria-label={t('actions.schedule')} title={t('actions.schedule')} onClick={() => actions.onSchedule(item)}>
									<CalendarClock size={14} />
								</IconButton>
								<IconButton variant="soft" size="1" color="green" aria-label={t('actions.publishNow')} title={t('actions.publishNow')} disabled={actions.publishing} onClick={() => actions.onPublish(item)}>
									<Send size={14} />
								</IconButton>
							</>
						) : null}
						<IconButton asChild variant="soft" size="1" title={t('actions.openInCreator')}>
							<Link to={creatorLink} aria-label={t('actions.openInCreator')}>
								<ExternalLink size={14} />
							</Link>
						</IconButton>
						<IconButton variant="soft" size="1" color="red" aria-label={t('actions.delete')} title={t('actions.delete')} onClick={() => actions.onDelete(item)}>
							<Trash2 size={14} />
						</IconButton>
					</Flex>
				</Flex>
			</article>
		</Card>
	)
}
