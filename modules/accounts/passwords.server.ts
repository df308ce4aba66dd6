import { hash, verify } from '@node-rs/argon2'

// OWASP / ASVS 5.0 Appendix C: argon2id, m = 19 MiB, t = 2, p = 1.
// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const params = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const

export function hashPassword(password: string) {
	return hash(password, params)
}

// Verifying against this for unknown e-mails keeps the timing of "no such user" and "wrong password" alike.
const dummyHash = hash('postwerk-timing-equaliser', params)

export async function verifyPassword(passwordHash: string | null, password: string) {
	try {
		return await verify(passwordHash ?? (await dummyHash), password)
	} catch {
		return false
	}
}
