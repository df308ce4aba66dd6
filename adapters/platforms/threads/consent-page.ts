import { renderConsentErrorPage, renderConsentPage } from '../sandbox/consent-page.ts'
import { SANDBOX_USER } from './sandbox-shared.ts'

const TITLE = 'Threads (Testmodus)'

const scopeNames: Record<string, string> = {
	threads_basic: 'Ihr Profil und Ihre Beiträge lesen',
	threads_content_publish: 'in Ihrem Namen Beiträge veröffentlichen',
	threads_manage_insights: 'Statistiken zu Profil und Beiträgen lesen',
}

/** The sandbox's consent page: the two buttons post back to the authorize endpoint, which redirects. */
export function renderConsent(fields: Record<string, string>) {
	const scopes = (fields.scope ?? '')
		.split(/[,\s]+/)
		.filter(Boolean)
		.map((s) => scopeNames[s] ?? s)
	return renderConsentPage({ title: TITLE, publishedOn: 'Threads', account: `@${SANDBOX_USER.username}`, scopes, fields, accent: '#111', action: 'authorize' })
}

export function renderConsentError(message: string) {
	return renderConsentErrorPage(TITLE, message)
}
