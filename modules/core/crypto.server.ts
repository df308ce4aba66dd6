import { createCipheriv, createDecipheriv, createHash, createSecretKey, hkdfSync, randomBytes } from 'node:crypto'

/** A CSPRNG token of 32 bytes, URL-safe. */
export function randomToken(bytes = 32) {
	return randomBytes(bytes).toString('base64url')
}

export function sha256(value: string) {
	return createHash('sha256').update(value).digest('hex')
}

export type SecretBox = { seal: (plain: string) => string; open: (sealed: string) => string }

// AES-256-GCM with a key derived from APP_SECRET; the "v1" prefix leaves room for key rotation.
export function createSecretBox(appSecret: string): SecretBox {
	// A KeyObject, made once: Node checks a Buffer key again on every cipher (several times slower per open).
	const key = createSecretKey(Buffer.from(hkdfSync('sha256', appSecret, 'postwerk', 'secrets-at-rest-v1', 32)))
	return {
		seal(plain) {
			const iv = randomBytes(12)
			const cipher = createCipheriv('aes-256-gcm', key, iv)
			const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
			return ['v1', iv.toString('base64url'), ct.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':')
		},
		open(sealed) {
			const [version, iv, ct, tag] = sealed.split(':')
			if (version !== 'v1' || !iv || ct === undefined || !tag) throw new Error('Unknown secret format')
			const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
			decipher.setAuthTag(Buffer.from(tag, 'base64url'))
			return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8')
		},
	}
}

/** The key that signs cookies, derived from APP_SECRET (separate from the at-rest encryption key). */
export function deriveCookieSecret(appSecret: string) {
	return Buffer.from(hkdfSync('sha256', appSecret, 'postwerk', 'cookies-v1', 32)).toString('base64url')
}
