import type { DevMailbox } from '#modules/accounts/index.ts'
import type { Db } from '#modules/core/db.server.ts'

/** Offline default: mails are stored in Postgres, listed at /dev/mailbox, and their links printed to the log. */
export function createDevMailbox(db: Db, log: (line: string) => void): DevMailbox {
	return {
		async send(mail) {
			await db
				.insertInto('dev_mailbox')
				.values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html })
				.execute()
			const links = mail.text.match(/https?:\/\/\S+/g) ?? []
			log(`[Dev-Postfach] An ${mail.to}: ${mail.subject}${links.length ? ` -> ${links.join(' ')}` : ''}`)
		},
		async list(limit = 50) {
			const rows = await db.selectFrom('dev_mailbox').selectAll().orderBy('created_at', 'desc').limit(limit).execute()
			return rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.text_body, html: r.html_body, createdAt: r.created_at }))
		},
	}
}
