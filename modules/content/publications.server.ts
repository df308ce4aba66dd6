import { sql } from 'kysely'
import { commitWithoutWaitingForDisk, executePrepared } from '#modules/core/db.server.ts'
import { notifyChangesSql } from '#modules/core/live-events.server.ts'
import type { PublicationConsumer } from '#modules/core/publications.server.ts'
import { postsPublishedSql } from './posts.server.ts'

/**
 * Publishing's publications for the posts: a post with a published delivery is published (the first
 * confirmation sets its time), and every claimed publication's user hears of their posts, in the
 * statement that claims them.
 */
export const contentPublications: PublicationConsumer = {
	name: 'content',
	async consume(db, claimed) {
		await executePrepared(db, 'content_publications', sql`
			with c as (${claimed}),
			p as (${postsPublishedSql(sql`select post_id, at from c where kind = 'published'`)})
			select (${notifyChangesSql(sql`select user_id, 'posts'::text as topic from c`)}) as notified, ${commitWithoutWaitingForDisk} as no_flush`)
	},
}
