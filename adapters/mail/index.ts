import type { Mailer } from '#modules/accounts/index.ts'
import type { Db } from '#modules/core/db.server.ts'
import { createDevMailbox } from './dev-mailbox/index.ts'
import { createSmtpMailer } from './smtp/index.ts'

export function createMailer(config: { smtpUrl?: string; from: string; db: Db; log: (line: string) => void }) {
	if (config.smtpUrl) return { mailer: createSmtpMailer(config.smtpUrl, config.from) as Mailer, devMailbox: null }
	const devMailbox = createDevMailbox(config.db, config.log)
	return { mailer: devMailbox as Mailer, devMailbox }
}
