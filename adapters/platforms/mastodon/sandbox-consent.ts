import { renderConsentErrorPage, renderConsentPage } from '../sandbox/consent-page.ts'
import { SANDBOX_ACCOUNT } from './sandbox-shared.ts'

const title = (host: string) => `Mastodon (Testmodus) auf ${host}`

const scopeNames: Record<string, string> = {
	'read:accounts': 'Ihr Profil lesen',
	'read:statuses': 'Ihre Beiträge und die Antworten darauf lesen',
	'write:statuses': 'in Ihrem Namen Beiträge veröffentlichen',
	'write:media': 'Bilder hochladen',
}

/** The instance's consent page in test mode: the two buttons post back to the authorize endpoint, which redirects. */
export function renderConsent(host: string, fields: Record<string, string>) {
	const scopes = (fields.scope ?? '')
		.split(/[\s+]+/)
		.filter(Boolean)
		.map((s) => scopeNames[s] ?? s)
	return renderConsentPage({ title: title(host), publishedOn: host, account: `@${SANDBOX_ACCOUNT.username}@${host}`, scopes, fields, accent: '#563acc', action: 'authorize' })
}

export function renderConsentError(host: string, message: string) {
	return renderConsentErrorPage(title(host), message)
}
