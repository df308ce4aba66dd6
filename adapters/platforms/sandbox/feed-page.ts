import type { SandboxPost } from './store.ts'

const names: Record<string, string> = { linkedin: 'LinkedIn', facebook: 'Facebook', instagram: 'Instagram', threads: 'Threads' }

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The sandbox's own page: what was "published" on the test network (newest first). German, marked as test mode. */
export function renderFeed(posts: Array<SandboxPost>) {
	const items = [...posts]
		.reverse()
		.slice(0, 200)
		.map(
			(p) => `<article id="${escape(p.id)}" data-platform="${escape(p.platform)}"><header><strong>${escape(names[p.platform] ?? p.platform)}</strong> · ${escape(p.authorId)} · <time>${escape(new Date(p.createdAt).toLocaleString('de-CH', { timeZone: 'Europe/Zurich' }))}</time></header><p>${escape(p.text).replace(/\n/g, '<br>')}</p>${p.imageUrl ? `<img src="${escape(p.imageUrl)}" alt="" loading="lazy">` : ''}</article>`,
		)
		.join('\n')
	return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Testmodus – Sandbox-Netzwerk</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1e1b4b}.badge{background:#fef3c7;color:#92400e;padding:2px 8px;border-radius:6px;font-size:.85rem}article{border:1px solid #e5e7eb;border-radius:12px;padding:12px 16px;margin:12px 0}header{color:#555;font-size:.9rem}img{max-width:100%;border-radius:8px}</style></head>
<body><h1>Sandbox-Netzwerk <span class="badge">Testmodus</span></h1><p>Ohne verbundene Zugangsdaten veröffentlicht Postwerk hier statt auf LinkedIn, Facebook, Instagram und Threads. Nichts davon ist öffentlich.</p>
${items || '<p>Noch keine Posts veröffentlicht.</p>'}</body></html>`
}
