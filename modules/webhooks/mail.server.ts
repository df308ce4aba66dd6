import texts from '#locales/de/webhooks.json' with { type: 'json' }
import type { Db } from '#modules/core/db.server.ts'
import { isSpelling, spell } from '#modules/core/spelling.ts'
import type { WebhookMailer } from './ports.ts'

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '')
const escape = (line: string) => line.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** 'Webhook deaktiviert': which endpoint, the last error, how to switch it on again (in the user's spelling). */
export async function mailEndpointDisabled(deps: { db: Db; mailer: WebhookMailer; appUrl: string }, endpointId: string) {
	const { db } = deps
	const row = await db
		.selectFrom('webhook_endpoints as e')
		.innerJoin('users', 'users.id', 'e.user_id')
		.innerJoin('profiles', 'profiles.id', 'e.user_id')
		.select(['e.url', 'e.enabled', 'users.email', 'users.spelling', 'profiles.full_name'])
		.where('e.id', '=', endpointId)
		.executeTakeFirst()
	// Deleted or switched on again in the meantime: nothing to tell.
	if (!row || row.enabled) return false
	const last = await db.selectFrom('webhook_attempts').select(['status_code', 'error']).where('endpoint_id', '=', endpointId).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst()
	const sp = (template: string) => spell(template, isSpelling(row.spelling) ? row.spelling : 'de')
	const m = texts.mail
	const reason = last ? (last.error ?? `HTTP ${last.status_code ?? '?'}`) : ''
	const lines = [
		`Hallo ${(row.full_name || row.email).replace(/[\r\n]+/g, ' ')},`,
		'',
		fill(sp(m.disabledIntro), { url: row.url }),
		...(reason ? [fill(sp(m.disabledLast), { reason: sp(reason) })] : []),
		sp(m.disabledHow),
		'',
		sp(m.open),
		`${deps.appUrl}/settings/integrationen`,
	]
	await deps.mailer.send({ to: row.email, subject: fill(sp(m.disabledSubject), { url: new URL(row.url).host }), text: lines.join('\n'), html: `<p>${lines.map(escape).join('<br>')}</p>` })
	return true
}
