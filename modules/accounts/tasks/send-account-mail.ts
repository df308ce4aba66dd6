import { z } from 'zod'
import { defineJob, handleJob } from '#modules/core/jobs.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { SPELLINGS } from '#modules/core/spelling.ts'
import { buildAccountMail } from '../mails.server.ts'
import type { Mailer } from '../ports.ts'

export const sendAccountMail = defineJob({
	id: 'accounts_send_mail',
	schema: z.object({
		kind: z.enum(['confirm', 'reset', 'signin']),
		to: z.email(),
		name: z.string().max(200),
		link: z.url(),
		// Jobs queued before the spelling was part of the payload: the standard one.
		spelling: z.enum(SPELLINGS).default('de'),
	}),
	maxAttempts: 8,
})

export function createSendAccountMailTask(mailer: Mailer, logger: Logger) {
	return handleJob(sendAccountMail, async (payload) => {
		await mailer.send(buildAccountMail(payload.kind, payload.to, payload.name, payload.link, payload.spelling))
		logger.info('account_mail_sent', { kind: payload.kind })
	})
}
