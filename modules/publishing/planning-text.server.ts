import { channelTextOf, firstCommentFor, imageFor, mediaFor, textFor, type postForDelivery } from '#modules/content/index.ts'
import type { FileStore } from '#modules/core/files.server.ts'
import type { ProcessedMedia } from '#modules/media/index.ts'
import { targetLabel } from './account-check.server.ts'
import type { PlatformDescriptor } from './descriptor.ts'
import type { PlanTarget } from './plan-targets.server.ts'
import { preflightTargets, type PreflightTarget } from './preflight.server.ts'
import { withVariant } from './processed-videos.server.ts'

// The text half of the planning preflight: the planner runs it on a stored post, the CSV check on the
// post a row would make (planningRowProblems), so the check refuses what the import would.

/** What planning checks a post against: the registered networks' rules and the stored images. */
export type PlanningRules = { descriptors: ReadonlyArray<PlatformDescriptor>; files: FileStore | null }

type DeliveryPost = NonNullable<Awaited<ReturnType<typeof postForDelivery>>>
/** What textProblems reads of a post. */
export type JudgedPost = Pick<DeliveryPost, 'content' | 'imageUrl' | 'images' | 'media'>

/**
 * The networks' rules on the post as each channel would get it: the network's text and image, judged
 * once per network and server limits (a Mastodon instance may allow more or less than the network).
 * Where a post goes to several channels of a network, or a channel's server sets its own limits, the
 * reasons name the channels ("Mastodon (Bäckerei): ..."). A channel with a text of its own is judged
 * on its own, under its name. A first comment is judged with the text, per comment and page type (LinkedIn
 * takes one on organization pages only).
 */
export async function textProblems(rules: PlanningRules, post: JudgedPost, targets: ReadonlyArray<PlanTarget>, requireAltText: boolean, videos: ReadonlyMap<string, ProcessedMedia> = new Map()): Promise<Array<string>> {
	const groups = new Map<string, Array<PlanTarget>>()
	const ownText = (target: PlanTarget) => Boolean(target.channel && channelTextOf(post.content, target.channel.id) !== undefined)
	const commentOf = (target: PlanTarget) => firstCommentFor(post.content, target.platform, target.channel?.id)
	const pageTypeOf = (target: PlanTarget) => (target.channel?.page_type === 'personal' || target.channel?.page_type === 'business' ? target.channel.page_type : null)
	for (const target of targets) {
		const limits = target.channel?.limits ?? null
		const key = ownText(target)
			? `${target.platform} channel ${target.channel!.id}`
			: limits && Object.values(limits).some((v) => v !== null)
				? `${target.platform} ${JSON.stringify(limits)}`
				: target.platform
		const comment = commentOf(target)
		const commentKey = comment === null ? '' : ` comment ${pageTypeOf(target)} ${comment}`
		groups.set(key + commentKey, [...(groups.get(key + commentKey) ?? []), target])
	}
	const perNetwork = (platform: string) => targets.filter((t) => t.platform === platform).length
	const judged: Array<PreflightTarget> = [...groups.values()].map((group) => {
		const { platform, channel } = group[0]!
		const named = group.length < perNetwork(platform) || (perNetwork(platform) > 1 && channel !== null) || ownText(group[0]!)
		return {
			platform,
			text: textFor(post.content, platform, channel?.id),
			imageUrl: imageFor(post, platform),
			// A video is judged as it will go out: the processed variant's figures, once made.
			media: mediaFor(post, platform).map((item) => withVariant(item, videos)),
			requireAltText,
			limits: channel?.limits ?? null,
			firstComment: commentOf(group[0]!),
			pageType: pageTypeOf(group[0]!),
			...(named ? { label: groupLabel(group) } : {}),
		}
	})
	const findings = await preflightTargets(rules.descriptors, rules.files, judged)
	return findings.filter((f) => f.severity === 'error').map((f) => f.message)
}

/** "Mastodon (Bäckerei, Privat)": the network and its channels' names. */
function groupLabel(group: ReadonlyArray<PlanTarget>) {
	const names = group.flatMap((t) => (t.channel?.name ? [t.channel.name] : []))
	return names.length ? `${targetLabel({ platform: group[0]!.platform, channel: null })} (${names.join(', ')})` : targetLabel(group[0]!)
}

