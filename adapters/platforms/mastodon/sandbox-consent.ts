import { SANDBOX_ACCOUNT } from './sandbox-shared.ts'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const scopeNames: Record<string, string> = {
	'read:accounts': 'dein Profil lesen',
	'read:statuses': 'deine Beiträge und die Antworten darauf lesen',
	'write:statuses': 'in deinem Namen Beiträge veröffentlichen',
	'write:media': 'Bilder hochladen',
}

/** The instance's consent page in test mode: the two buttons post back to the authorize endpoint, which redirects. */
export function renderConsent(host: string, fields: Record<string, string>) {
	const scopes = (fields.scope ?? '')
		.split(/[\s+]+/)
		.filter(Boolean)
		.map((s) => `<li>${escape(scopeNames[s] ?? s)}</li>`)
		.join('')
	const hidden = Object.entries(fields)
		.map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
		.join('')
	return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mastodon (Testmodus) auf ${escape(host)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:3rem auto;padding:0 1rem;color:#111}.badge{background:#fef3c7;color:#92400e;padding:2px 8px;border-radius:6px;font-size:.85rem}form{display:flex;gap:.75rem;margin-top:1.5rem}button{flex:1;padding:.7rem;border-radius:10px;border:1px solid #563acc;font-size:1rem;cursor:pointer;background:#fff;color:#563acc}button[value=allow]{background:#563acc;color:#fff}</style></head>
<body><h1>Mastodon (Testmodus) auf ${escape(host)}: Postwerk möchte in deinem Namen posten</h1><p><span class="badge">Testmodus</span> Das ist das Sandbox-Netzwerk von Postwerk. Nichts wird wirklich auf ${escape(host)} veröffentlicht.</p>
<p>Postwerk erhält Zugriff auf das Konto <strong>@${escape(SANDBOX_ACCOUNT.username)}@${escape(host)}</strong> und möchte:</p><ul>${scopes}</ul>
<form method="post" action="authorize">${hidden}<button type="submit" name="decision" value="deny">Abbrechen</button><button type="submit" name="decision" value="allow">Zulassen</button></form></body></html>`
}

export function renderConsentError(host: string, message: string) {
	return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Mastodon (Testmodus) auf ${escape(host)}</title></head><body><h1>Mastodon (Testmodus) auf ${escape(host)}</h1><p>${escape(message)}</p></body></html>`
}
