import { imagesOf, type SandboxComment, type SandboxMedia, type SandboxPost } from './store.ts'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The sandbox's own page: what was "published" on the test network (newest first). German, marked as test mode. `names`: the platforms' display names. */
export function renderFeed(posts: Array<SandboxPost>, comments: Array<SandboxComment> = [], commentAction = 'comment', names: Readonly<Record<string, string>> = {}) {
	const byPost = new Map<string, Array<SandboxComment>>()
	for (const c of comments) byPost.set(c.postId, [...(byPost.get(c.postId) ?? []), c])
	const when = (iso: string) => escape(new Date(iso).toLocaleString('de-CH', { timeZone: 'Europe/Zurich' }))
	const thread = (post: SandboxPost) => {
		const list = byPost.get(post.id) ?? []
		const render = (parentId: string | null, depth: number): string =>
			list
				.filter((c) => c.parentId === parentId)
				.map((c) => `<li class="comment" data-comment-id="${escape(c.id)}" data-depth="${depth}"><strong>${escape(c.authorName)}</strong> · <time>${when(c.createdAt)}</time><p>${escape(c.text).replace(/\n/g, '<br>')}</p>${depth < 3 ? `<ul>${render(c.id, depth + 1)}</ul>` : ''}</li>`)
				.join('')
		const form = `<form method="post" action="${escape(commentAction)}" class="comment-form" aria-label="Als Testfollower kommentieren"><input type="hidden" name="postId" value="${escape(post.id)}"><input name="name" placeholder="Name" aria-label="Name" required maxlength="100"><input name="text" placeholder="Kommentar schreiben …" aria-label="Kommentar" required maxlength="2000"><button type="submit">Kommentieren</button></form>`
		return `<section class="comments"><h2>Kommentare (${list.length})</h2><ul>${render(null, 0)}</ul>${form}</section>`
	}
	const items = [...posts]
		.reverse()
		.slice(0, 200)
		.map(
			(p) => `<article id="${escape(p.id)}" data-platform="${escape(p.platform)}"><header><strong>${escape(names[p.platform] ?? p.platform)}</strong> · ${escape(p.authorId)} · <time>${escape(new Date(p.createdAt).toLocaleString('de-CH', { timeZone: 'Europe/Zurich' }))}</time>${p.aiGenerated ? ' · <span class="ai-label">KI-Info</span>' : ''}</header><p>${escape(p.text).replace(/\n/g, '<br>')}</p>${images(p)}${p.document ? documentLink(p.document) : ''}${thread(p)}</article>`,
		)
		.join('\n')
	return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Testmodus – Sandbox-Netzwerk</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1e1b4b}.badge{background:#fef3c7;color:#92400e;padding:2px 8px;border-radius:6px;font-size:.85rem}article{border:1px solid #e5e7eb;border-radius:12px;padding:12px 16px;margin:12px 0}header{color:#555;font-size:.9rem}img,video{max-width:100%;border-radius:8px}.carousel{display:flex;gap:6px;overflow-x:auto}.carousel img,.carousel video{max-width:80%;flex:none}.comments h2{font-size:.95rem;margin:.5rem 0}.comments ul{list-style:none;padding-left:1rem;margin:0}.comment p{margin:.2rem 0 .5rem}.comment-form{display:flex;gap:6px;flex-wrap:wrap}.comment-form input{padding:4px 8px;border:1px solid #d1d5db;border-radius:6px}.comment-form input[name=text]{flex:1;min-width:12rem}</style></head>
<body><h1>Sandbox-Netzwerk <span class="badge">Testmodus</span></h1><p>Ohne verbundene Zugangsdaten veröffentlicht Postwerk hier statt auf ${escape(listNames(Object.values(names)))}. Nichts davon ist öffentlich.</p>
${items || '<p>Noch keine Posts veröffentlicht.</p>'}</body></html>`
}

/** Every image and video of the post with the alt text it was sent with (a carousel in a row that scrolls); a video plays with its cover as poster where the fake kept it. */
function images(post: SandboxPost) {
	const list: Array<SandboxMedia> = post.images ?? imagesOf(post)
	if (!list.length) return ''
	const tags = list.map(mediaTag).join('')
	return list.length > 1 ? `<div class="carousel" data-count="${list.length}">${tags}</div>` : tags
}

function mediaTag(item: SandboxMedia) {
	if (item.kind !== 'video') return `<img src="${escape(item.url)}" alt="${escape(item.alt)}" loading="lazy">`
	const source = item.url ? ` src="${escape(item.url)}"` : ''
	const poster = item.poster ? ` poster="${escape(item.poster)}"` : ''
	const label = item.alt ? ` aria-label="${escape(item.alt)}"` : ''
	const bytes = item.bytes === undefined ? '' : ` data-bytes="${item.bytes}"`
	return `<video${source} controls preload="metadata" playsinline${poster}${label}${bytes}></video>`
}

/** A document post's PDF (a LinkedIn carousel): its title, linked to the file, and its pages. */
function documentLink(document: NonNullable<SandboxPost['document']>) {
	const pages = document.pages === 1 ? '1 Seite' : `${document.pages} Seiten`
	return `<p class="document" data-pages="${document.pages}">PDF-Dokument: <a href="${escape(document.url)}">${escape(document.title)}</a> · ${pages}</p>`
}

/** 'A, B und C' (the networks in test mode); 'den Netzwerken' when none is named. */
function listNames(list: Array<string>) {
	if (list.length === 0) return 'den Netzwerken'
	return list.length === 1 ? list[0]! : `${list.slice(0, -1).join(', ')} und ${list.at(-1)}`
}
