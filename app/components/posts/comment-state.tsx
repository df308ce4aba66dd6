import { useFixedT } from '#app/utils/use-fixed-t.ts'
import { useSpelling } from '#app/utils/use-spelling.ts'
import type { DeliveryState } from '#modules/publishing/index.ts'
import '#locales/ns/posts.ts'

const colors: Record<NonNullable<DeliveryState['firstComment']>['status'], string> = { pending: 'gray', sent: 'gray', published: 'green', failed: 'red', unconfirmed: 'amber' }

/** A delivery's first comment on the card (ADR 0062): published with its link, pending, or failed/unconfirmed with the German reason. */
export function CommentState({ comment }: { comment: NonNullable<DeliveryState['firstComment']> }) {
	const t = useFixedT('posts')
	// Reasons are stored by the product in the standard spelling.
	const { spell } = useSpelling()
	return (
		<span className="rt-Text rt-r-size-1" data-testid="comment-state" data-state={comment.status}>
			<span data-accent-color={colors[comment.status]} className="rt-Text">
				{t(`commentStatus.${comment.status}`)}
			</span>
			{comment.url ? (
				<>
					{' · '}
					<a href={comment.url} target="_blank" rel="noopener noreferrer">
						{t('commentStatus.view')}
					</a>
				</>
			) : null}
			{comment.reason ? (
				<span data-accent-color="gray" className="rt-Text" data-testid="comment-reason" style={{ display: 'block' }}>
					{spell(comment.reason)}
				</span>
			) : null}
		</span>
	)
}
