import { expect, test } from 'vitest'
import { buildAccountMail } from './mails.server.ts'

test('account mails are written in the recipient spelling; the name stays as the user wrote it', () => {
	const swiss = buildAccountMail('reset', 'anna@beispiel.ch', 'Anna Strauß', 'https://postwerk.example/auth/reset-password?token=x', 'ch')
	const standard = buildAccountMail('reset', 'anna@beispiel.ch', 'Anna Strauß', 'https://postwerk.example/auth/reset-password?token=x', 'de')
	expect(swiss.text).toContain('Hallo Anna Strauß,')
	expect(swiss.text.replace('Anna Strauß', '')).not.toContain('ß')
	expect(standard.text).toContain('Sie haben ein neues Passwort angefordert.')
	expect(swiss.subject).toBe('Ihr Link zum Zurücksetzen des Passworts')
})
