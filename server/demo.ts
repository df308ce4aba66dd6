import fs from 'node:fs'
import path from 'node:path'
import type { AccountsService } from '#modules/accounts/index.ts'
import { randomToken } from '#modules/core/crypto.server.ts'

const DEMO = { email: 'demo@postwerk.local', fullName: 'Demo Nutzerin' }
const ADMIN = { email: 'admin@postwerk.local', fullName: 'Admin Postwerk' }

/**
 * Development only: a demo user and an admin with random passwords. The logins are printed once,
 * when they are created, and kept in DATA_DIR/demo-logins.txt.
 */
export async function ensureDemoUsers(accounts: AccountsService, dataDir: string, print: (line: string) => void) {
	const file = path.join(dataDir, 'demo-logins.txt')
	const created: Array<string> = []
	for (const account of [DEMO, ADMIN]) {
		if (await accounts.userExists(account.email)) continue
		const password = randomToken(12)
		await accounts.createConfirmedUser({ ...account, password })
		if (account === ADMIN) await accounts.grantRole(account.email, 'admin')
		created.push(`${account === ADMIN ? 'Admin' : 'Demo'}: ${account.email} / ${password}`)
	}
	if (created.length) {
		fs.appendFileSync(file, created.join('\n') + '\n', { mode: 0o600 })
		print('')
		print('Demo-Zugänge (werden nur jetzt angezeigt, gespeichert in ' + file + '):')
		for (const line of created) print('  ' + line)
		print('')
	} else if (fs.existsSync(file)) {
		print(`Demo-Zugänge: siehe ${file}`)
	}
}
