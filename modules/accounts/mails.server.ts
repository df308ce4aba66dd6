import standardMail from '#locales/de/mail.json' with { type: 'json' }
import { spellStrings, type Spelling } from '#modules/core/spelling.ts'
import type { OutgoingMail } from './ports.ts'

export type AccountMailKind = 'confirm' | 'reset' | 'signin'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function buildAccountMail(kind: AccountMailKind, to: string, name: string, link: string, spelling: Spelling = 'de'): OutgoingMail {
	// The texts in the recipient's spelling, before the name (as the user wrote it) goes in.
	const mail = spellStrings(standardMail, spelling)
	const texts = mail[kind]
	// Names come from users: keep them to one line so they cannot inject headers or layout.
	const safeName = name.replace(/[\r\n]+/g, ' ').slice(0, 100) || to
	const greeting = mail.greeting.replace('{{name}}', safeName)
	const text = [greeting, '', texts.intro, '', link, '', texts.expiry, '', mail.signature].join('\n')
	const html = `<!doctype html><html lang="de"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1e1b4b">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(texts.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(texts.button)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(link)}</p><p style="font-size:13px;color:#555">${escapeHtml(texts.expiry)}</p>
<p>${escapeHtml(mail.signature)}</p></body></html>`
	return { to, subject: texts.subject, text, html }
}
