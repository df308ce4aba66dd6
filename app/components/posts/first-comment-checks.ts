import type { Platform } from '#modules/content/platforms.ts'
import { countFor, type PlatformView } from '#modules/publishing/descriptor.ts'
import { firstCommentPreflight } from '#modules/publishing/first-comment-preflight.ts'
import type { PreflightProblem } from '#modules/publishing/preflight-types.ts'

// Pure: a first comment judged as planning will judge it (ADR 0062), for the editor and the creator's preview.

/** A chosen channel as the comment's checks need it. */
export type CommentChannel = { id: string; platform: string; pageName: string; pageType: string }

/** One problem of a network's comment; `channelName` when only that channel refuses it (a network's page type). */
export type CommentNotice = { id: string; platform: Platform; channelName: string | null; problem: PreflightProblem; descriptor: PlatformView }

/** The count against the strictest limit of the networks (the smallest, counted that network's way); null without networks. */
export function strictestCount(descriptors: ReadonlyArray<PlatformView>, text: string) {
	const strictest = descriptors.reduce<PlatformView | null>((min, d) => (min && min.text.limit <= d.text.limit ? min : d), null)
	if (!strictest) return null
	const count = countFor(strictest, text)
	return { platform: strictest.id, count, limit: strictest.text.limit, over: count > strictest.text.limit }
}

const pageTypeOf = (channel: CommentChannel) => (channel.pageType === 'personal' || channel.pageType === 'business' ? channel.pageType : null)

/**
 * The problems of each network's comment (`commentOf`): its text limits once per network, and a network
 * that takes no comment for some channels (a member profile where only organizations may) once per such
 * chosen channel. A network without chosen channels is judged without a page type (nothing refused for it).
 */
export function commentNotices(descriptors: ReadonlyArray<PlatformView>, commentOf: (platform: Platform) => string, channels: ReadonlyArray<CommentChannel>): Array<CommentNotice> {
	return descriptors.flatMap((descriptor) => {
		const comment = commentOf(descriptor.id)
		if (!comment.trim()) return []
		const general = firstCommentPreflight(descriptor, comment, null)
		const notice = (problem: PreflightProblem, channel: CommentChannel | null): CommentNotice => ({ id: `${descriptor.id}:${channel?.id ?? ''}:${problem.code}`, platform: descriptor.id, channelName: channel?.pageName ?? null, problem, descriptor })
		const perChannel = general.length
			? []
			: channels.filter((c) => c.platform === descriptor.id).flatMap((channel) => firstCommentPreflight(descriptor, comment, pageTypeOf(channel)).filter((p) => p.code === 'first_comment_not_supported').map((p) => notice(p, channel)))
		return [...general.map((p) => notice(p, null)), ...perChannel]
	})
}
