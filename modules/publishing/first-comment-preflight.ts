import { countText } from './counting.ts'
import { textLimitsOf, type PageType, type PlatformDescriptor } from './descriptor.ts'
import { firstCommentProblems, NO_MEDIA_RULES } from './media-preflight.ts'
import type { PreflightProblem } from './preflight-types.ts'

// Pure and shared with the browser: a post's first comment on one network and channel (ADR 0053). The
// network must take one for the channel (LinkedIn: organization pages only) and its text limit
// applies to the comment as to a post.

/** The problems of `comment` for a channel of the network (`pageType` null: not known yet, nothing refused for it). */
export function firstCommentPreflight(descriptor: Pick<PlatformDescriptor, 'text' | 'media'>, comment: string | null, pageType: PageType | null): Array<PreflightProblem> {
	if (!comment?.trim()) return []
	const reach = firstCommentProblems((descriptor.media ?? NO_MEDIA_RULES).firstComment, { items: [], firstComment: comment, channelKind: pageType })
	if (reach.length) return reach
	return textLimitsOf(descriptor).flatMap((rule) => {
		const count = countText(rule.counting, comment)
		return count > rule.limit ? [{ code: rule.counting === 'utf8-bytes' ? ('text_too_many_bytes' as const) : ('text_too_long' as const), severity: 'error' as const, values: { count, limit: rule.limit } }] : []
	})
}
