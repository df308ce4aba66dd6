import { z } from 'zod'
import { defineTask } from '#modules/core/jobs.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { buildAccountMail } from '../mails.server.ts'
import type { Mailer } from '../ports.ts'

export const SendAccountMailPayload = z.object({
	kind: z.enum(['confirm', 'reset']),
	to: z.email(),
	name: z.string().max(200),
	link: z.url(),
})

/** The task definition; `createSendAccountMailTask` binds it to a mailer. */
export const sendAccountMail = defineTask({
	id: 'accounts.send_mail',
	schema: SendAccountMailPayload,
	maxAttempts: 8,
	handler: async () => {
		throw new Error('sendAccountMail must be bound to a mailer')
	},
})

export function createSendAccountMailTask(mailer: Mailer, logger: Logger) {
	return defineTask({
		...sendAccountMail,
		handler: async (payload) => {
			await mailer.send(buildAccountMail(payload.kind, payload.to, payload.name, payload.link))
			logger.info('account_mail_sent', { kind: payload.kind })
		},
	})
}
