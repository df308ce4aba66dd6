// npm run user:admin -- <email>: grants the admin role (works while the server runs).
import { z } from 'zod'
import { readEnv } from '#modules/core/env.server.ts'
import { createLogger } from '#modules/core/logger.server.ts'
import { composeServices } from '#server/compose.ts'
import { openDatabase } from '#server/database.ts'

const email = z.email().safeParse(process.argv[2]?.trim().toLowerCase())
if (!email.success) {
	console.error('Aufruf: npm run user:admin -- <E-Mail>')
	process.exit(2)
}
const env = readEnv()
const database = await openDatabase(env)
try {
	const { services } = composeServices({ env, db: database.db, logger: createLogger('error') })
	const granted = await services.accounts.grantRole(email.data, 'admin')
	console.log(granted ? `${email.data} ist jetzt Administrator.` : `Kein Benutzer mit der E-Mail ${email.data} gefunden.`)
	process.exitCode = granted ? 0 : 1
} finally {
	await database.close()
}
