import { Link } from 'react-router'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import { usePlatformName } from '#app/utils/use-platforms.ts'
import type { DeliveryState } from '#modules/publishing/index.ts'
import type { BoardItem } from './board-items.ts'
import { CommentState } from './comment-state.tsx'
import type { CardActions } from './post-card.tsx'
import '#locales/ns/posts.ts'
import { useSpelling } from '#app/utils/use-spelling.ts'

// A post card's networks (issue 19, defect 6): what happened on each, in German, and the one action
// that helps: 'Erneut versuchen', 'Konto neu verbinden', 'Text bearbeiten' or 'Bild wählen'.

export type Outcome = 'failed' | 'partial' | 'unconfirmed'

export const outcomeColors: Record<Outcome, string> = { failed: 'red', partial: 'amber', unconfirmed: 'amber' }

/** What the card's badge says when the networks tell more than the post's status; null: the status says it. */
export function outcomeOf(deliveries: ReadonlyArray<DeliveryState>): Outcome | null {
	const failed = deliveries.some((d) => d.status === 'failed')
	const unconfirmed = deliveries.some((d) => d.status === 'unconfirmed')
	const published = deliveries.some((d) => d.status === 'published')
	if (!failed && !unconfirmed) return null
	if (published) return 'partial'
	return failed ? 'failed' : 'unconfirmed'
}

const stateColors: Record<DeliveryState['status'], string> = { scheduled: 'indigo', publishing: 'blue', published: 'green', failed: 'red', unconfirmed: 'amber' }

export function DeliveryList({ deliveries, item, actions, creatorLink }: { deliveries: ReadonlyArray<DeliveryState>; item: BoardItem; actions: CardActions; creatorLink: string }) {
	const t = useFixedT('posts')
	const platformName = usePlatformName()
	// Reasons are stored by the product in the standard spelling.
	const { spell } = useSpelling()
	// The card names every channel above; here a channel's name tells apart two deliveries on one network.
	const shared = new Set(deliveries.filter((d, i) => deliveries.findIndex((o) => o.platform === d.platform) !== i).map((d) => d.platform))
	return (
		<ul data-testid="deliveries" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
			{deliveries.map((delivery) => {
				const name = platformName(delivery.platform)
				const place = shared.has(delivery.platform) && delivery.channelName ? `${name} (${delivery.channelName})` : name
				return (
					<li
						key={`${delivery.platform}:${delivery.channelId ?? ''}`}
						data-testid="delivery"
						data-platform={delivery.platform}
						data-channel={delivery.channelId ?? undefined}
						data-state={delivery.status}
						className="rt-Flex rt-r-fd-column rt-r-gap-1"
					>
						<span className="rt-Text rt-r-size-1">
							<strong>{place}</strong>:{' '}
							<span data-accent-color={stateColors[delivery.status]} className="rt-Text">
								{t(`deliveryStatus.${delivery.status}`)}
							</span>
							{delivery.url ? (
								<>
									{' · '}
									<a href={delivery.url} target="_blank" rel="noopener noreferrer">
										{t('publish.viewOn', { platform: name })}
									</a>
								</>
							) : null}
						</span>
						{delivery.reason ? (
							<span data-accent-color="gray" className="rt-Text rt-r-size-1" data-testid="delivery-reason">
								{spell(delivery.reason)}
							</span>
						) : null}
						{delivery.firstComment ? <CommentState comment={delivery.firstComment} /> : null}
						<DeliveryAction delivery={delivery} name={name} item={item} actions={actions} creatorLink={creatorLink} />
					</li>
				)
			})}
		</ul>
	)
}

const linkButton = 'rt-reset rt-BaseButton rt-r-size-1 rt-variant-soft rt-Button'

function DeliveryAction({ delivery, name, item, actions, creatorLink }: { delivery: DeliveryState; name: string; item: BoardItem; actions: CardActions; creatorLink: string }) {
	const t = useFixedT('posts')
	const label = (key: 'retry' | 'reconnect' | 'edit' | 'image') => t(`deliveryActions.${key}`, { platform: name })
	switch (delivery.action) {
		case 'retry':
			return (
				<button type="button" data-accent-color="" className={linkButton} style={{ justifySelf: 'start' }} disabled={actions.publishing} onClick={() => actions.onPublish(item)}>
					{label('retry')}
				</button>
			)
		case 'reconnect':
			return (
				<Link to="/accounts" data-accent-color="" className={linkButton} style={{ justifySelf: 'start' }}>
					{label('reconnect')}
				</Link>
			)
		case 'edit':
			return (
				<button type="button" data-accent-color="" className={linkButton} style={{ justifySelf: 'start' }} onClick={() => actions.onEdit(item)}>
					{label('edit')}
				</button>
			)
		case 'image':
			return (
				<Link to={creatorLink} data-accent-color="" className={linkButton} style={{ justifySelf: 'start' }}>
					{label('image')}
				</Link>
			)
		default:
			return null
	}
}
