import type { Checkpoint } from '#modules/publishing/ports.ts'

// Test helpers every platform folder shares (its own testing.ts re-exports them). Nothing here names a platform.

const decode = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))

/**
 * A browser on a sandbox consent page (sandbox/consent-page.ts): its hidden fields plus the button
 * pressed, posted back to the form's action. The redirect is returned, not followed.
 */
export async function consent(authorizeUrl: string, decision: 'allow' | 'deny') {
	const page = await fetch(authorizeUrl)
	const html = await page.text()
	const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1]
	if (!action) throw new Error(`No consent form at ${authorizeUrl} (HTTP ${page.status})`)
	const fields = new URLSearchParams([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [decode(m[1]!), decode(m[2]!)]))
	fields.set('decision', decision)
	const answer = await fetch(new URL(decode(action), authorizeUrl), { method: 'POST', body: fields, redirect: 'manual' })
	const location = answer.headers.get('location')
	return { page, html, status: answer.status, location: location ? new URL(location) : null }
}

/**
 * Publish hooks that keep what an adapter saves: each checkpoint in order, and all of them merged
 * like the publisher merges them (`saved`, live; `latest()`, a copy). `onCheckpoint` runs before each is kept.
 */
export function recordingHooks(onCheckpoint: () => void = () => {}) {
	const checkpoints: Array<Checkpoint> = []
	const saved: Checkpoint = {}
	return {
		checkpoints,
		saved,
		latest: () => ({ ...saved }),
		hooks: {
			checkpoint: async (data: Checkpoint) => {
				onCheckpoint()
				checkpoints.push(data)
				Object.assign(saved, data)
			},
		},
	}
}
