// A fixed set of rows for one user that the dashboard's figures are checked against
// (tests/integration/dashboard.test.ts and tests/e2e/dashboard.spec.ts).
import type { Insertable, Kysely } from 'kysely'
import type { DB } from '#modules/core/db.server.ts'

const day = 24 * 3600 * 1000

export const longText =
	'Heute zeigen wir, wie kleine Teams mit klaren Abläufen jede Woche Zeit sparen: drei Schritte, ein Beispiel aus der Praxis und eine Checkliste zum Mitnehmen für alle.'

/** What the dashboard must show for the rows seedDashboard inserts. */
export const expected = {
	followers: 1545,
	connectedPages: 2,
	// (18 + 12 + 9) interactions / (400 + 300 + 300) views of the three published posts
	engagementRate: 3.9,
	todos: { drafts: 3, review: 1, deliveries: 2, reconnect: 1 },
	todoCount: 7,
	// The published posts of the last 30 days: two posts, 18 + 12 interactions.
	chartPosts: 2,
	chartInteractions: 30,
	recentTitles: ['Langer Entwurf', 'Zur Prüfung', 'Geplanter Post', 'Neu veröffentlicht', 'Entwurf als Post'],
	activityTitles: ['Aktivität 6', 'Aktivität 5', 'Aktivität 4', 'Aktivität 3', 'Aktivität 2'],
	favorites: [
		{ toolName: 'autoReply', isEnabled: true },
		{ toolName: 'autoRepost', isEnabled: false },
		{ toolName: 'birthdayWishes', isEnabled: true },
		{ toolName: 'eventPlanning', isEnabled: false },
	],
}

/** Posts, drafts, deliveries, pages, accounts, activity and tool settings of one user, relative to `now`. */
export async function seedDashboard(db: Kysely<DB>, userId: string, now: Date) {
	const ago = (days: number, hours = 0) => new Date(now.getTime() - days * day - hours * 3600 * 1000)
	await db
		.insertInto('drafts')
		.values([
			{ user_id: userId, title: 'Langer Entwurf', content: JSON.stringify({ base: longText, platforms: { linkedin: longText } }), platforms: ['linkedin'], updated_at: ago(0, 1) },
			{ user_id: userId, title: 'Alter Entwurf', content: 'Alt', platforms: ['threads'], updated_at: ago(20) },
		])
		.execute()
	const post = (title: string, fields: Partial<Insertable<DB['posts']>>): Insertable<DB['posts']> => ({ user_id: userId, title, content: `Text: ${title}`, platform: 'linkedin', ...fields })
	const posts = await db
		.insertInto('posts')
		.values([
			post('Entwurf als Post', { status: 'draft', updated_at: ago(0, 6) }),
			post('Zur Prüfung', { status: 'review', updated_at: ago(0, 2) }),
			post('Geplanter Post', { status: 'scheduled', scheduled_at: new Date(now.getTime() + 2 * day), updated_at: ago(0, 3) }),
			post('Neu veröffentlicht', { status: 'published', published_at: ago(1), updated_at: ago(0, 4), engagement_views: 400, engagement_likes: 10, engagement_comments: 5, engagement_shares: 3 }),
			post('Älter veröffentlicht', { status: 'published', published_at: ago(3), updated_at: ago(3), engagement_views: 300, engagement_likes: 12 }),
			post('Vor langer Zeit', { status: 'published', published_at: ago(40), updated_at: ago(40), engagement_views: 300, engagement_likes: 9 }),
		])
		.returning(['id', 'title'])
		.execute()
	const postId = (title: string) => posts.find((p) => p.title === title)!.id
	await db
		.insertInto('post_deliveries')
		.values([
			{ user_id: userId, post_id: postId('Neu veröffentlicht'), platform: 'linkedin', status: 'published', published_at: ago(1) },
			{ user_id: userId, post_id: postId('Älter veröffentlicht'), platform: 'linkedin', status: 'failed', error_code: 'network' },
			{ user_id: userId, post_id: postId('Älter veröffentlicht'), platform: 'facebook', status: 'unconfirmed', error_code: 'unconfirmed' },
		])
		.execute()
	await db
		.insertInto('social_tokens')
		.values([
			{ user_id: userId, platform: 'linkedin', account_id: `li-${userId}`, access_token_encrypted: 'x', status: 'active' },
			{ user_id: userId, platform: 'facebook', account_id: `fb-${userId}`, access_token_encrypted: 'x', status: 'reconnect_required' },
		])
		.execute()
	await db
		.insertInto('channels')
		.values([
			{ user_id: userId, platform: 'linkedin', page_id: `li-page-${userId}`, page_name: 'Profil', follower_count: 1200 },
			{ user_id: userId, platform: 'facebook', page_id: `fb-page-${userId}`, page_name: 'Seite', follower_count: 345 },
		])
		.execute()
	await db
		.insertInto('activity_logs')
		.values(Array.from({ length: 6 }, (_, i) => ({ user_id: userId, log_type: 'post_creation', title: `Aktivität ${i + 1}`, status: i === 5 ? 'error' : 'success', created_at: ago(0, 6 - i) })))
		.execute()
	await db
		.insertInto('toolbox_settings')
		.values([
			{ user_id: userId, tool_name: 'autoReply', is_favorite: true, is_enabled: true },
			{ user_id: userId, tool_name: 'autoRepost', is_favorite: true, is_enabled: false },
			{ user_id: userId, tool_name: 'birthdayWishes', is_favorite: true, is_enabled: true },
			{ user_id: userId, tool_name: 'eventPlanning', is_favorite: true, is_enabled: false },
			{ user_id: userId, tool_name: 'hashtagOptimizer', is_favorite: false, is_enabled: true },
		])
		.execute()
}
