import { z } from 'zod'
import billing from '#locales/de/billing.json' with { type: 'json' }
import type { Mailer } from '#modules/accounts/index.ts'
import type { Db, Trx } from '#modules/core/db.server.ts'
import { defineJob, enqueue, handleJob } from '#modules/core/jobs.server.ts'
import type { Logger } from '#modules/core/logger.server.ts'
import { once } from '#modules/core/request-keys.server.ts'
import type { EnterpriseRequestInput } from './schema.ts'

export const sendEnterpriseRequestJob = defineJob({
	id: 'billing_enterprise_request_mail',
	schema: z.object({ requestId: z.uuid() }),
	maxAttempts: 8,
})

/**
 * Stores the request and, in the same transaction, the job that mails it to the sales address. With a
 * request id (a signed-in user's form) a retry answers the first request's id and mails once.
 */
export async function submitEnterpriseRequest(db: Db, userId: string | null, input: EnterpriseRequestInput, requestId?: string) {
	const store = async (trx: Trx) => {
		const row = await trx
			.insertInto('enterprise_requests')
			.values({ user_id: userId, name: input.name, email: input.email, company: input.company, message: input.message })
			.returning('id')
			.executeTakeFirstOrThrow()
		await enqueue(trx, sendEnterpriseRequestJob, { requestId: row.id }, { jobKey: `enterprise:${row.id}` })
		return row.id
	}
	if (!userId || !requestId) return db.transaction().execute(store)
	const outcome = await once(db, { userId, requestId, action: 'billing.enterprise-request', input }, store)
	return outcome.kind === 'done' ? outcome.result : 'conflict'
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').slice(0, 200)

export function createEnterpriseMailTask(deps: { db: Db; mailer: Mailer; salesEmail: string; logger: Logger }) {
	return handleJob(sendEnterpriseRequestJob, async ({ requestId }) => {
		const row = await deps.db.selectFrom('enterprise_requests').selectAll().where('id', '=', requestId).executeTakeFirst()
		if (!row) return
		const texts = billing.enterprise
		const fields: Array<[string, string]> = [
			[texts.fields.name, oneLine(row.name)],
			[texts.fields.email, oneLine(row.email)],
			[texts.fields.company, oneLine(row.company)],
			[texts.fields.message, row.message],
		]
		const text = [texts.mail.intro, '', ...fields.map(([k, v]) => `${k}: ${v}`), '', texts.mail.reply].join('\n')
		const html = `<!doctype html><html lang="de"><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(texts.mail.intro)}</p><table>${fields.map(([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`).join('')}</table>
<p>${escapeHtml(texts.mail.reply)}</p></body></html>`
		await deps.mailer.send({ to: deps.salesEmail, subject: texts.mail.subject.replace('{{name}}', oneLine(row.name)), text, html })
		deps.logger.info('enterprise_request_mailed', { requestId })
	})
}
