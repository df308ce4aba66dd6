// Clicks 'Zulassen' on a sandbox consent page without a browser: reads its form (method, action,
// inputs), submits it with decision=allow and returns the code and state of the redirect. `fields`
// changes what the user typed or ticked (null: a box left unticked).
export async function approveConsent(url: string, decision: 'allow' | 'deny' | 'cancel' = 'allow', changes: Record<string, string | null> = {}) {
	const page = await fetch(url)
	const html = await page.text()
	const form = /<form method="(get|post)" action="([^"]+)"/i.exec(html)
	if (!form) throw new Error(`No consent form at ${url}`)
	const [, method, action] = form as unknown as [string, string, string]
	const fields = new URLSearchParams()
	for (const input of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields.set(input[1]!, decodeEntities(input[2]!))
	for (const [name, value] of Object.entries(changes)) {
		if (value === null) fields.delete(name)
		else fields.set(name, value)
	}
	fields.set('decision', decision)
	const target = new URL(action, url)
	const response =
		method.toLowerCase() === 'get'
			? await fetch(`${target.origin}${target.pathname}?${fields}`, { redirect: 'manual' })
			: await fetch(target, { method: 'POST', body: fields, redirect: 'manual' })
	const location = response.headers.get('location')
	if (!location) throw new Error(`Consent answered ${response.status} without a redirect`)
	const back = new URL(location)
	return { code: back.searchParams.get('code'), state: back.searchParams.get('state'), error: back.searchParams.get('error') }
}

function decodeEntities(value: string) {
	return value.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
}
