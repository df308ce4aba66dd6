import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import '#locales/ns/integrations.ts'

// Settings › API & Integrationen: 'Zugriff entziehen' for an app allowed by OAuth consent (intent 'app-revoke', ADR 0071).

export const APP_INTENTS = ['app-revoke'] as const

const RevokeSchema = z.object({ grantId: z.uuid() })

export type AppReply = { ok: boolean; intent: 'app-revoke'; errors: Record<string, string>; notice?: { type: 'success' | 'error'; title: string; description?: string } }

export async function appAction(context: Readonly<RouterContextProvider>, userId: string, form: FormData) {
	const { accounts } = context.get(servicesContext)
	const t = getInstance(context).getFixedT(null, 'integrations')
	const parsed = RevokeSchema.safeParse({ grantId: form.get('grantId') })
	const revoked = parsed.success ? await accounts.oauth.revokeGrant(userId, parsed.data.grantId) : null
	if (revoked === null) return data<AppReply>({ ok: false, intent: 'app-revoke', errors: {}, notice: { type: 'error', title: t('apps.failed'), description: t('apps.revokeFailed') } }, { status: 404 })
	return data<AppReply>({ ok: true, intent: 'app-revoke', errors: {}, notice: { type: 'success', title: t('apps.revoked') } })
}
