// How a Mastodon instance shows a plain-text status (docs.joinmastodon.org, "HTML sanitization" and
// the Status entity's `content`): paragraphs split at blank lines, single line breaks as <br />, links
// with the scheme hidden in an invisible span and long ones cut with an ellipsis span, hashtags and
// mentions as links. And how it counts a status's length (StatusLengthValidator).

const TOKEN = /(https?:\/\/[^\s<>"]+)|(?<=^|[^\p{L}\p{N}_/])@([a-z0-9_]+)(?:@([a-z0-9.-]+\.[a-z]{2,}))?|(?<=^|[^\p{L}\p{N}_&/])#([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/giu
const segmenter = new Intl.Segmenter('de', { granularity: 'grapheme' })

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function link(url: string) {
	const [, scheme, rest] = /^(https?:\/\/(?:www\.)?)(.*)$/i.exec(url)!
	const visible = rest!.slice(0, 30)
	const hidden = rest!.slice(30)
	return `<a href="${escape(url)}" target="_blank" rel="nofollow noopener" translate="no"><span class="invisible">${escape(scheme!)}</span><span class="${hidden ? 'ellipsis' : ''}">${escape(visible)}</span><span class="invisible">${escape(hidden)}</span></a>`
}

function line(text: string, host: string) {
	let out = ''
	let last = 0
	for (const match of text.matchAll(TOKEN)) {
		out += escape(text.slice(last, match.index))
		last = match.index + match[0].length
		const [whole, url, user, domain, tag] = match
		if (url) out += link(url)
		else if (user) {
			const home = domain ?? host
			out += `<span class="h-card" translate="no"><a href="https://${escape(home)}/@${escape(user)}" class="u-url mention">@<span>${escape(user)}</span></a></span>`
		} else if (tag) out += `<a href="https://${escape(host)}/tags/${escape(tag.toLowerCase())}" class="mention hashtag" rel="tag">#<span>${escape(tag)}</span></a>`
		else out += escape(whole)
	}
	return out + escape(text.slice(last))
}

/** A status's `content` for the plain text it was posted with. */
export function renderStatusHtml(text: string, host: string) {
	const paragraphs = text
		.replace(/\r\n?/g, '\n')
		.trim()
		.split(/\n\s*\n/)
		.filter(Boolean)
	return paragraphs.map((p) => `<p>${p.split('\n').map((l) => line(l, host)).join('<br />')}</p>`).join('')
}

/** Every URL as 23 characters, a remote mention as its local part, the rest in graphemes. */
export function statusLength(text: string) {
	const countable = text.replace(/https?:\/\/[^\s<>"]+/giu, 'x'.repeat(23)).replace(/(^|[^\p{L}\p{N}_/])@([a-z0-9_]+)@[a-z0-9.-]+\.[a-z]{2,}/giu, '$1@$2')
	let count = 0
	for (const _ of segmenter.segment(countable)) count++
	return count
}
