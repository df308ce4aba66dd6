import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { servicesContext } from '#app/context.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { requestIdOf } from '#app/server/request-id.server.ts'
import { API_SCOPES, MAX_TOKENS_PER_USER, type ApiTokenView, type CurrentUser } from '#modules/accounts/index.ts'
import '#locales/ns/integrations.ts'

// Settings › API & Integrationen: create and revoke personal API tokens (intents 'token-create', 'token-revoke').

export const TOKEN_EXPIRY_DAYS = ['never', '30', '90', '365'] as const

const CreateSchema = z.object({
	name: z.string({ error: 'tokens.nameRequired' }).trim().min(1, { error: 'tokens.nameRequired' }).max(100, { error: 'tokens.nameTooLong' }),
	scopes: z.array(z.enum(API_SCOPES), { error: 'tokens.scopesRequired' }).min(1, { error: 'tokens.scopesRequired' }),
	expiry: z.enum(TOKEN_EXPIRY_DAYS).default('never'),
})

const RevokeSchema = z.object({ tokenId: z.uuid() })

export type TokenReply = {
	ok: boolean
	intent: 'token-create' | 'token-revoke'
	errors: Record<string, string>
	notice?: { type: 'success' | 'error'; title: string; description?: string }
	/** token-create: the new token and its secret (null when a repeated request answered the first token). */
	created?: { token: ApiTokenView; secret: string | null }
}

export async function tokenAction(context: Readonly<RouterContextProvider>, user: CurrentUser, intent: 'token-create' | 'token-revoke', form: FormData) {
	const { accounts } = context.get(servicesContext)
	const t = getInstance(context).getFixedT(null, 'integrations')
	const fail = (description: string, errors: Record<string, string> = {}, status = 400) =>
		data<TokenReply>({ ok: false, intent, errors, notice: { type: 'error', title: t('tokens.failed'), description } }, { status })

	if (intent === 'token-revoke') {
		const parsed = RevokeSchema.safeParse({ tokenId: form.get('tokenId') })
		if (!parsed.success || !(await accounts.apiTokens.revoke(user.id, parsed.data.tokenId))) return fail(t('tokens.revokeFailed'), {}, 404)
		return data<TokenReply>({ ok: true, intent, errors: {}, notice: { type: 'success', title: t('tokens.revoked') } })
	}

	const requestId = requestIdOf(form)
	if (!requestId) return fail(t('tokens.invalid'))
	const parsed = CreateSchema.safeParse({ name: form.get('name') ?? undefined, scopes: form.getAll('scopes'), expiry: form.get('expiry') ?? undefined })
	if (!parsed.success) {
		const errors: Record<string, string> = {}
		for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= t(issue.message as 'tokens.invalid', { defaultValue: t('tokens.invalid') })
		return fail(t('tokens.invalid'), errors)
	}
	const { name, scopes, expiry } = parsed.data
	const expiresAt = expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * 86_400_000)
	const result = await accounts.apiTokens.create(user.id, { name, scopes, expiresAt }, requestId)
	if (!result.ok) return fail(result.error === 'limit' ? t('tokens.limit', { count: MAX_TOKENS_PER_USER }) : t('tokens.invalid'), {}, 409)
	return data<TokenReply>({ ok: true, intent, errors: {}, created: { token: result.token, secret: result.secret } })
}
