// npm run credits:grant -- <email> <amount> [reason]: adds credits (ledger row 'admin_grant', balance and
// credits_total) and records it in the admin audit log, in one transaction (works while the server runs).
import { z } from 'zod'
import { ADMIN_GRANT_MAX } from '#modules/admin/index.ts'
import { readEnv } from '#modules/core/env.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { composeServices } from '#server/compose.ts'
import { openDatabase } from '#server/database.ts'

const Args = z.object({
	email: z.email(),
	amount: z.coerce.number().int().min(1).max(ADMIN_GRANT_MAX),
	reason: z.string().trim().max(500).optional(),
})
const args = Args.safeParse({ email: process.argv[2]?.trim().toLowerCase(), amount: process.argv[3], reason: process.argv.slice(4).join(' ') || undefined })
if (!args.success) {
	console.error(`Aufruf: npm run credits:grant -- <E-Mail> <Anzahl 1-${ADMIN_GRANT_MAX}> [Grund]`)
	process.exit(2)
}
const env = readEnv()
const database = await openDatabase(env)
let exitCode = 1
try {
	const { services } = composeServices({ env, db: database.db, logger: createLogger('error') })
	const users = services.admin.users
	const userId = await users.userIdByEmail(args.data.email)
	if (!userId) {
		console.log(`Kein Benutzer mit der E-Mail ${args.data.email} gefunden.`)
	} else {
		// The CLI has no signed-in admin: the audit row names the command line instead.
		const result = await users.grantCredits({ id: null, email: 'cli:credits:grant' }, { userId, amount: args.data.amount, reason: args.data.reason })
		if (result.ok) console.log(`Credits hinzugefügt: ${args.data.amount} für ${args.data.email}. Neuer Stand: ${result.balance}.`)
		else console.log(`Credits konnten nicht hinzugefügt werden (${result.error}).`)
		exitCode = result.ok ? 0 : 1
	}
} finally {
	await database.close()
}
// Exit explicitly: the composed services may hold timers open, and the code must reach the shell.
process.exit(exitCode)
