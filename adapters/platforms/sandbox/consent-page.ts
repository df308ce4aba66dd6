// The consent page a sandbox fake shows in place of a network's own: German, marked as test mode.
// Its two buttons post the hidden fields back to `action` (relative, so it works under any origin),
// which redirects to the app.

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export type ConsentPage = {
	/** The page's title and the start of its heading, e.g. 'Name (Testmodus)'. */
	title: string
	/** Where nothing is really published: the network's name or the instance's host. */
	publishedOn: string
	/** The account Postwerk gets access to, as the network writes it ('@name'). */
	account: string
	/** What Postwerk may do, already in German. */
	scopes: ReadonlyArray<string>
	/** Posted back as hidden fields, with the pressed button's `decision` ('allow' or 'deny'). */
	fields: Readonly<Record<string, string>>
	/** The network's colour for the buttons (CSS). */
	accent: string
	action: string
}

export function renderConsentPage({ title, publishedOn, account, scopes, fields, accent, action }: ConsentPage) {
	const items = scopes.map((s) => `<li>${escape(s)}</li>`).join('')
	const hidden = Object.entries(fields)
		.map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
		.join('')
	const style = `body{font-family:system-ui,sans-serif;max-width:420px;margin:3rem auto;padding:0 1rem;color:#111}.badge{background:#fef3c7;color:#92400e;padding:2px 8px;border-radius:6px;font-size:.85rem}form{display:flex;gap:.75rem;margin-top:1.5rem}button{flex:1;padding:.7rem;border-radius:10px;border:1px solid ${accent};font-size:1rem;cursor:pointer;background:#fff;color:${accent}}button[value=allow]{background:${accent};color:#fff}`
	return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>${style}</style></head>
<body><h1>${escape(title)}: Postwerk möchte in Ihrem Namen posten</h1><p><span class="badge">Testmodus</span> Das ist das Sandbox-Netzwerk von Postwerk. Nichts wird wirklich auf ${escape(publishedOn)} veröffentlicht.</p>
<p>Postwerk erhält Zugriff auf das Konto <strong>${escape(account)}</strong> und möchte:</p><ul>${items}</ul>
<form method="post" action="${escape(action)}">${hidden}<button type="submit" name="decision" value="deny">Abbrechen</button><button type="submit" name="decision" value="allow">Zulassen</button></form></body></html>`
}

/** What the consent endpoint shows for a request it refuses (it never redirects then). */
export function renderConsentErrorPage(title: string, message: string) {
	return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1><p>${escape(message)}</p></body></html>`
}
