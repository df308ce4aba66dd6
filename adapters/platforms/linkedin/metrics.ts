import type { PostMetrics, PublishTarget } from '#modules/publishing/ports.ts'
import { encodeUrn, isOrganization, type LinkedinApi } from './api.ts'

type ShareStatistics = { impressionCount?: number; likeCount?: number; commentCount?: number; shareCount?: number }
type SocialActions = { likesSummary?: { totalLikes?: number }; commentsSummary?: { aggregatedTotalComments?: number } }

/** Organization posts: the share statistics (with impressions); member posts: likes and comments (socialActions). */
export async function postMetrics(api: LinkedinApi, target: PublishTarget, externalId: string): Promise<PostMetrics> {
	if (isOrganization(target.pageId)) {
		const list = externalId.startsWith('urn:li:ugcPost:') ? 'ugcPosts' : 'shares'
		const query = `q=organizationalEntity&organizationalEntity=${encodeUrn(target.pageId)}&${list}=List(${encodeUrn(externalId)})`
		const found = await api.getJson<{ elements?: Array<{ totalShareStatistics?: ShareStatistics }> }>(
			`/rest/organizationalEntityShareStatistics?${query}`,
			target.accessToken,
		)
		const stats = found.elements?.[0]?.totalShareStatistics
		if (stats) {
			return { views: stats.impressionCount ?? 0, likes: stats.likeCount ?? 0, comments: stats.commentCount ?? 0, shares: stats.shareCount ?? 0 }
		}
	}
	const social = await api.getJson<SocialActions>(`/rest/socialActions/${encodeUrn(externalId)}`, target.accessToken)
	return { views: 0, likes: social.likesSummary?.totalLikes ?? 0, comments: social.commentsSummary?.aggregatedTotalComments ?? 0, shares: 0 }
}
