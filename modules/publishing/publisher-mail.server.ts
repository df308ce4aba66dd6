import { isSpelling, spell } from '#modules/core/spelling.ts'
import { postForDelivery, textFor, truncate } from '#modules/content/index.ts'
import { channelLabel, fill, texts } from './messages.ts'
import { deliveryChannelName } from './post-channels.server.ts'
import type { Platform } from './ports.ts'
import type { Delivery, PublisherContext } from './publisher-context.server.ts'

/** A short German mail to the user (greeting, lines, a link back into the app). */
// `write` gets the texts' templates in the user's spelling (ADR 0013), before titles and names go in.
export async function mailUser(ctx: PublisherContext, userId: string, write: (sp: (template: string) => string) => { subject: string; lines: Array<string> }, path: string) {
	const user = await ctx.db.selectFrom('users').innerJoin('profiles', 'profiles.id', 'users.id').select(['users.email', 'users.spelling', 'profiles.full_name']).where('users.id', '=', userId).executeTakeFirst()
	if (!user) return
	const sp = (template: string) => spell(template, isSpelling(user.spelling) ? user.spelling : 'de')
	const { subject, lines } = write(sp)
	const all = [`Hallo ${(user.full_name || user.email).replace(/[\r\n]+/g, ' ')},`, '', ...lines, '', sp(texts.mail.open), `${ctx.appUrl}${path}`]
	const escape = (l: string) => l.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
	await ctx.mailer.send({ to: user.email, subject, text: all.join('\n'), html: `<p>${all.map(escape).join('<br>')}</p>` })
}

export async function mailFailure(ctx: PublisherContext, delivery: Delivery, title: string | null, reason: string) {
	// 'E-Mail bei fehlgeschlagenen Posts' in the settings (users.notify_failed_posts).
	const wanted = await ctx.db.selectFrom('users').select('notify_failed_posts').where('id', '=', delivery.user_id).executeTakeFirst()
	if (!wanted?.notify_failed_posts) return
	// The channel too: with two accounts on one network the user must know which one failed.
	const platform = channelLabel(delivery.platform, await deliveryChannelName(ctx.db, delivery.id))
	const named = title?.trim() || (await postName(ctx, delivery))
	await mailUser(ctx, delivery.user_id, (sp) => ({ subject: fill(sp(texts.mail.failedSubject), { platform }), lines: [fill(sp(texts.mail.failedIntro), { title: named, platform }), fill(sp(texts.mail.reason), { reason: sp(reason) })] }), '/posts')
}

/** A failure mail always names the post: its title, else the start of its text for that network. */
async function postName(ctx: PublisherContext, delivery: Delivery) {
	const post = await postForDelivery(ctx.db, ctx.registered, delivery.post_id)
	if (!post) return texts.mail.untitled
	return post.title.trim() || truncate(textFor(post.content, delivery.platform as Platform), 60) || texts.mail.untitled
}
