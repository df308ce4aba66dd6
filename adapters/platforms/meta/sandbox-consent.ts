import { SANDBOX_PAGES, SANDBOX_USER } from './sandbox-shared.ts'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const scopeLabels: Record<string, string> = {
	pages_show_list: 'Ihre Facebook-Seiten anzeigen',
	pages_manage_posts: 'Beiträge auf Ihren Seiten erstellen und verwalten',
	pages_read_engagement: 'Interaktionen auf Ihren Seiten lesen',
	business_management: 'Ihre Unternehmensassets verwalten',
	read_insights: 'Statistiken Ihrer Seiten lesen',
	instagram_basic: 'Ihr Instagram-Profil und Ihre Beiträge lesen',
	instagram_content_publish: 'Beiträge auf Instagram veröffentlichen',
	instagram_manage_insights: 'Instagram-Statistiken lesen',
	instagram_manage_comments: 'Instagram-Kommentare verwalten',
}

/** The sandbox's stand-in for Facebook's consent dialog: German and marked as test mode. */
export function renderConsent(query: URLSearchParams, scopes: Array<string>) {
	const instagram = scopes.some((s) => s.startsWith('instagram_'))
	const title = instagram
		? 'Facebook (Testmodus): Postwerk möchte Ihre Instagram-Konten und Seiten verwalten und posten'
		: 'Facebook (Testmodus): Postwerk möchte Ihre Seiten verwalten und posten'
	const hidden = ['client_id', 'redirect_uri', 'state', 'scope', 'response_type']
		.map((name) => `<input type="hidden" name="${name}" value="${escape(query.get(name) ?? '')}">`)
		.join('')
	const items = scopes.map((s) => `<li>${escape(scopeLabels[s] ?? s)}</li>`).join('')
	const pages = SANDBOX_PAGES.map((p) => `<li>${escape(p.name)}${instagram ? ` · Instagram @${escape(p.ig.username)}` : ''}</li>`).join('')
	return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:2rem auto;padding:0 1rem;color:#1c1e21}.badge{background:#fef3c7;color:#92400e;padding:2px 8px;border-radius:6px;font-size:.85rem}h1{font-size:1.2rem}button{font-size:1rem;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #ccd0d5;margin-right:.5rem;cursor:pointer}button[value=allow]{background:#1877f2;color:#fff;border-color:#1877f2}</style></head>
<body><p><span class="badge">Testmodus</span> Sandbox-Netzwerk – nichts verlässt diesen Rechner.</p>
<h1>${escape(title)}</h1>
<p>Angemeldet als <strong>${escape(SANDBOX_USER.name)}</strong>.</p>
<p>Postwerk erhält Zugriff auf:</p><ul>${items}</ul>
<p>${instagram ? 'Seiten und verknüpfte Instagram-Konten' : 'Seiten'}:</p><ul>${pages}</ul>
<form method="get" action="oauth">${hidden}<button type="submit" name="decision" value="allow">Zulassen</button><button type="submit" name="decision" value="deny">Abbrechen</button></form>
</body></html>`
}

export function renderError(message: string) {
	return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Fehler (Testmodus)</title></head><body><p><strong>Testmodus:</strong> ${escape(message)}</p></body></html>`
}

/** A page's or account's profile picture: its initials on a coloured square. */
export function renderPicture(name: string) {
	const initials = name
		.split(/\s+/)
		.map((w) => w[0] ?? '')
		.join('')
		.slice(0, 2)
		.toUpperCase()
	return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><rect width="100" height="100" fill="#1877f2"/><text x="50" y="62" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${escape(initials)}</text></svg>`
}
